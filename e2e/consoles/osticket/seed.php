<?php
/**
 * Seeds the private osTicket with realistic data through osTicket's own model code (the
 * CLI bootstrap, run from the web root by setup.sh): staff, customers with phones, tickets
 * with customer messages, agent replies and internal notes, help topics, FAQs (en + zh).
 * Timestamps are moved into the past so the thread and the history read like real work.
 * Prints what it made as JSON (setup.sh keeps it in state.json for the Node helpers).
 */
require 'bootstrap.php';
require CLI_DIR . 'cli.inc.php';
Bootstrap::loadConfig();
Bootstrap::defineTables(TABLE_PREFIX);
Bootstrap::loadCode();
Bootstrap::connect();

$_SERVER['REMOTE_ADDR'] = '127.0.0.1';
if (!($ost = osTicket::start()) || !($cfg = $ost->getConfig()))
    fail('Unable to load the osTicket config');

function fail($why) {
    fwrite(STDERR, "seed.php: $why\n");
    exit(1);
}

function must($value, $what, $errors = array()) {
    if (!$value)
        fail("$what failed: " . json_encode($errors, JSON_UNESCAPED_UNICODE) . ' ' . db_error());
    return $value;
}

/** "YYYY-mm-dd HH:ii:ss" for a moment $hours before now (UTC, as osTicket stores it). */
function ago($hours) {
    return gmdate('Y-m-d H:i:s', time() - (int) round($hours * 3600));
}

function sql_set($table, $sets, $where) {
    $parts = array();
    foreach ($sets as $col => $val)
        $parts[] = "`$col`=" . db_input($val);
    db_query("UPDATE `$table` SET " . implode(', ', $parts) . " WHERE $where");
}

// -- configuration ------------------------------------------------------------------
// No DNS on this machine: with address verification on, no ticket can be created.
$cfg->update('verify_email_addrs', 0);
$cfg->update('helpdesk_title', 'Deskhand Support');
// Built-in avatars: the default (gravatar) would make every page wait on a closed network.
$cfg->update('agent_avatar', 'local.ateam');
$cfg->update('client_avatar', 'local.ateam');

// -- departments (fresh install: 1 Support, 2 Sales, 3 Maintenance) ------------------
$depts = array();
foreach (Dept::objects() as $d)
    $depts[$d->getName()] = $d->getId();
foreach (array('Support', 'Sales', 'Maintenance') as $name)
    must(isset($depts[$name]), "department $name");

// -- staff ----------------------------------------------------------------------------
$ALL_ACCESS = 1; // role 1 "All Access": create, edit, assign, transfer, reply, close ...
$staffSpecs = array(
    array('username' => 'agent', 'password' => 'Agent-pass-1234', 'firstname' => 'Ada', 'lastname' => 'Agent',
        'email' => 'ada.agent@example.com', 'dept' => 'Support', 'extra' => array('Sales')),
    array('username' => 'ben', 'password' => 'Ben-pass-1234', 'firstname' => 'Ben', 'lastname' => 'Becker',
        'email' => 'ben.becker@example.com', 'dept' => 'Support', 'extra' => array()),
    array('username' => 'lina', 'password' => 'Lina-pass-1234', 'firstname' => 'Li', 'lastname' => 'Na',
        'email' => 'li.na@example.com', 'dept' => 'Sales', 'extra' => array('Support')),
);
$staff = array();
$staffOut = array();
foreach ($staffSpecs as $s) {
    $agent = Staff::create(array(
        'isactive' => 1, 'isadmin' => 0, 'isvisible' => 1, 'max_page_size' => 25,
        'dept_id' => $depts[$s['dept']], 'role_id' => $ALL_ACCESS,
        'firstname' => $s['firstname'], 'lastname' => $s['lastname'],
        'email' => $s['email'], 'username' => $s['username'],
        'timezone' => 'UTC',
    ));
    $agent->updatePerms(array(User::PERM_CREATE, User::PERM_EDIT, User::PERM_DIRECTORY, FAQ::PERM_MANAGE));
    $agent->setPassword($s['password']);
    must($agent->save(), "staff {$s['username']}");
    foreach ($s['extra'] as $dept) {
        $agent->dept_access->add(new StaffDeptAccess(array('dept_id' => $depts[$dept], 'role_id' => $ALL_ACCESS)));
    }
    $agent->dept_access->saveAll();
    $staff[$s['username']] = $agent;
    $staffOut[] = array('id' => $agent->getId(), 'username' => $s['username'], 'password' => $s['password'],
        'name' => $s['firstname'] . ' ' . $s['lastname'], 'email' => $s['email'], 'dept' => $s['dept']);
}

// -- help topics (beside the installer's General Inquiry, Feedback, Report a Problem,
//    Report a Problem / Access Issue) ---------------------------------------------------
$topics = array();
foreach (Topic::objects() as $t)
    $topics[$t->getFullName()] = $t->getId();
$TICKET_DETAILS_FORM = 2;
foreach (array(
    array('Billing & Invoices', 'Sales', 2),
    array('Shipping & Delivery', 'Support', 2),
    array('Refund Request', 'Support', 3),
) as list($name, $dept, $priority)) {
    $errors = array();
    // Topic::__create would pass every form field to the constructor as a column.
    $t = Topic::create();
    $t->update(array(
        'topic' => $name, 'dept_id' => $depts[$dept], 'priority_id' => $priority,
        'ispublic' => 1, 'status' => 'active', 'noautoresp' => 1,
        'forms' => array($TICKET_DETAILS_FORM), 'notes' => '',
    ), $errors);
    must($t && $t->getId() && !$errors, "help topic $name", $errors);
    $topics[$name] = $t->getId();
}

// -- customers -----------------------------------------------------------------------
$userSpecs = array(
    'maria' => array('name' => 'Maria Garcia', 'email' => 'maria.garcia@example.com', 'phone' => '4155550132'),
    'zhang' => array('name' => '张伟', 'email' => 'zhang.wei@example.com', 'phone' => '13812345678'),
    'liam' => array('name' => "Liam O'Connor", 'email' => 'liam.oconnor@example.org', 'phone' => '2125550187X204'),
    'wang' => array('name' => '王芳', 'email' => 'wang.fang@example.net', 'phone' => '13987654321'),
    'priya' => array('name' => 'Priya Patel', 'email' => 'priya.patel@example.com', 'phone' => '6465550199'),
);
$users = array();
$usersOut = array();
foreach ($userSpecs as $key => $u) {
    $user = must(User::fromVars($u), "user {$u['name']}");
    $users[$key] = $user;
    $usersOut[] = array('id' => $user->getId(), 'key' => $key) + $u;
}

// -- tickets ---------------------------------------------------------------------------
// Each entry: [type, who, body, hours after the ticket opened]. M = customer message,
// R = agent reply, N = internal note (with a title). Bodies are HTML, as the editors post.
$P = function () { return '<p>' . implode('</p><p>', func_get_args()) . '</p>'; };
$ticketSpecs = array(
    array('key' => 'maria-refund', 'user' => 'maria', 'topic' => 'Refund Request', 'source' => 'Web', 'priority' => 3,
        'subject' => 'Refund for order #10482 not received', 'age' => 52, 'assign' => 'agent',
        'thread' => array(
            array('M', 'maria', $P('Hello,', 'I returned order #10482 (a blue rain jacket, size M) two weeks ago and the tracking shows it was delivered to your warehouse on the 3rd. I still have not received my refund of $89.00.', 'Could you check what is happening?', 'Thanks, Maria'), 0),
            array('R', 'agent', $P('Hi Maria,', 'Thanks for your patience. I can see the return arrived at our warehouse; it is waiting for the quality check, which usually takes 2–3 business days. I have asked the team to prioritise it.', 'You will get an e-mail as soon as the refund is issued.', 'Best regards,<br>Ada'), 3.5),
            array('M', 'maria', $P('Thank you Ada. It has now been three more days. Is there any update on the refund?'), 49),
            array('N', 'agent', $P('Checked with the warehouse: return passed QC yesterday. Refund of $89.00 submitted to the payment provider, reference RF-20931. Waiting for confirmation.'), 50, 'Warehouse check'),
        )),
    array('key' => 'maria-shipping', 'user' => 'maria', 'topic' => 'Shipping & Delivery', 'source' => 'Email', 'priority' => 2,
        'subject' => 'Where is my order #10571?', 'age' => 310, 'assign' => 'ben',
        'thread' => array(
            array('M', 'maria', $P('Hi, my order #10571 was supposed to arrive last Friday but the tracking page has not changed for four days. Can you help?'), 0),
            array('R', 'ben', $P('Hello Maria,', 'The carrier confirmed a delay at their regional hub. Your parcel is moving again and should arrive within 2 days. Sorry for the wait!', 'Ben'), 6),
            array('M', 'maria', $P('It arrived today, thanks Ben!'), 54),
        )),
    array('key' => 'maria-invoice', 'user' => 'maria', 'topic' => 'Billing & Invoices', 'source' => 'Web', 'priority' => 2,
        'subject' => 'Company name on my invoice', 'age' => 1100, 'status' => 'Closed',
        'thread' => array(
            array('M', 'maria', $P('Could you re-issue the invoice for order #9931 with my company name, Garcia Design LLC?'), 0),
            array('R', 'agent', $P('Hi Maria, done — the corrected invoice is attached to your account under Orders → #9931 → Invoice.'), 20),
        )),
    array('key' => 'zhang-invoice', 'user' => 'zhang', 'topic' => 'Billing & Invoices', 'source' => 'Web', 'priority' => 2,
        'subject' => '如何修改发票抬头？', 'age' => 30, 'assign' => 'agent',
        'thread' => array(
            array('M', 'zhang', $P('你好，', '我上周下的订单 #20817 开的发票抬头是我个人的名字，需要改成公司抬头“上海星辰科技有限公司”，税号 91310000MA1FL0XX1X。请问怎么修改？', '谢谢！张伟'), 0),
            array('N', 'agent', $P('已和财务确认：订单开票后 30 天内可以重开，需要客户提供税号。'), 2, '财务确认'),
            array('R', 'agent', $P('张先生您好，', '发票开具后 30 天内可以修改抬头。我们已经按您提供的公司名称和税号重新开具电子发票，预计 1 个工作日内发送到您的邮箱。', '祝好，Ada'), 2.5),
        )),
    array('key' => 'zhang-shipping', 'user' => 'zhang', 'topic' => 'Shipping & Delivery', 'source' => 'Email', 'priority' => 2,
        'subject' => '订单一直显示待发货', 'age' => 5,
        'thread' => array(
            array('M', 'zhang', $P('订单 #21044 已经付款三天了，一直显示“待发货”，请帮忙看一下什么时候能发货？'), 0),
        )),
    array('key' => 'liam-login', 'user' => 'liam', 'topic' => 'Report a Problem / Access Issue', 'source' => 'Phone', 'priority' => 3,
        'subject' => "Can't log in after password reset", 'age' => 20, 'assign' => 'agent',
        'thread' => array(
            array('M', 'liam', $P('I reset my password this morning but the site keeps saying "invalid credentials". I have tried three browsers.'), 0),
            array('R', 'agent', $P('Hi Liam,', 'Sorry about that. Our logs show the reset link was used twice, so the first new password was replaced. Please use the most recent e-mail, or let me know and I will send a fresh link.', 'Ada'), 1.2),
            array('M', 'liam', $P('That was it — logged in now. Thanks!'), 4),
        )),
    array('key' => 'wang-refund', 'user' => 'wang', 'topic' => 'Refund Request', 'source' => 'Web', 'priority' => 3,
        'subject' => '退款申请：收到的商品有破损', 'age' => 75, 'assign' => 'ben',
        'thread' => array(
            array('M', 'wang', $P('您好，我收到的陶瓷茶具（订单 #20533）有两个杯子碎了，附上照片。希望可以退款或者补发。'), 0),
            array('N', 'ben', $P('客户已提供照片，破损属实。按规定可全额退款或补发，先询问客户意向。'), 1, '破损核实'),
            array('R', 'ben', $P('王女士您好，', '非常抱歉给您带来不便。请问您希望全额退款，还是我们为您补发一套新的茶具？', 'Ben'), 1.5),
            array('M', 'wang', $P('请补发一套新的吧，谢谢。'), 8),
        )),
    array('key' => 'wang-address', 'user' => 'wang', 'topic' => 'Shipping & Delivery', 'source' => 'Email', 'priority' => 2,
        'subject' => 'Change delivery address for order #20690', 'age' => 2,
        'thread' => array(
            array('M', 'wang', $P('Hello, I moved last week. Please send order #20690 to: Room 1203, 88 Century Avenue, Pudong, Shanghai 200120. Thank you!'), 0),
        )),
    array('key' => 'priya-bulk', 'user' => 'priya', 'topic' => 'General Inquiry', 'source' => 'Web', 'priority' => 1,
        'subject' => 'Bulk pricing for 200 units', 'age' => 140, 'dept' => 'Sales', 'assign' => 'lina',
        'thread' => array(
            array('M', 'priya', $P('We are planning a corporate gift order of about 200 insulated bottles. Do you offer volume discounts?'), 0),
            array('R', 'lina', $P('Hi Priya,', 'Yes: orders of 100+ units get 12% off and free engraving. I have attached our volume price list. Would you like a formal quote?', 'Li Na, Sales'), 5),
        )),
);

$statuses = array();
foreach (TicketStatus::objects() as $s)
    $statuses[$s->getName()] = $s;

$ticketsOut = array();
foreach ($ticketSpecs as $spec) {
    $user = $users[$spec['user']];
    $first = array_shift($spec['thread']);
    $errors = array();
    $vars = array(
        'uid' => $user->getId(),
        'name' => $user->getName()->getOriginal(),
        'email' => $user->getEmail()->address,
        'subject' => $spec['subject'],
        'message' => $first[2],
        'topicId' => must($topics[$spec['topic']], "topic {$spec['topic']}"),
        'source' => $spec['source'],
        'priorityId' => $spec['priority'],
    );
    if (isset($spec['dept']))
        $vars['deptId'] = $depts[$spec['dept']];
    $thisstaff = null;
    $ticket = must(Ticket::create($vars, $errors, 'api', false, false), "ticket {$spec['key']}", $errors);
    $opened = $spec['age'];
    $thread = $ticket->getThread();
    $entries = array();
    $firstEntry = $thread->getEntries()->order_by('id')->first();
    $entries[] = array($firstEntry, $first[3]);

    foreach ($spec['thread'] as $e) {
        list($type, $who, $body, $at) = $e;
        $errors = array();
        if ($type == 'M') {
            $entry = $ticket->postMessage(array('message' => $body, 'userId' => $users[$who]->getId(),
                'poster' => $users[$who]->getName()->getOriginal()), 'Web', false);
        } elseif ($type == 'R') {
            $thisstaff = $staff[$who];
            $entry = $ticket->postReply(array('response' => $body, 'poster' => $thisstaff), $errors, false, false);
        } else {
            $thisstaff = $staff[$who];
            $entry = $ticket->postNote(array('note' => $body, 'title' => $e[4]), $errors, $thisstaff, false);
        }
        must($entry, "$type entry on {$spec['key']}", $errors);
        $entries[] = array($entry, $at);
    }
    $thisstaff = null;

    if (isset($spec['assign'])) {
        $thisstaff = $staff[$spec['assign']];
        must($ticket->assignToStaff($staff[$spec['assign']], '', false), "assign {$spec['key']}");
        $thisstaff = null;
    }
    if (isset($spec['status'])) {
        $errors = array();
        $thisstaff = $staff['agent'];
        must($ticket->setStatus($statuses[$spec['status']], '', $errors, false, true), "status {$spec['key']}", $errors);
        $thisstaff = null;
    }

    // Back-date the ticket, its thread and its events.
    $last = 0;
    foreach ($entries as list($entry, $at)) {
        $when = ago($opened - $at);
        sql_set(THREAD_ENTRY_TABLE, array('created' => $when, 'updated' => $when), 'id=' . db_input($entry->getId()));
        $last = max($last, $at);
    }
    $lastAt = ago($opened - $last);
    $created = ago($opened);
    sql_set(TICKET_TABLE, array('created' => $created, 'updated' => $lastAt, 'lastupdate' => $lastAt),
        'ticket_id=' . db_input($ticket->getId()));
    if (isset($spec['status']))
        sql_set(TICKET_TABLE, array('closed' => $lastAt), 'ticket_id=' . db_input($ticket->getId()));
    sql_set(THREAD_TABLE, array('created' => $created), 'id=' . db_input($thread->getId()));
    db_query('UPDATE ' . THREAD_EVENT_TABLE . ' SET `timestamp`=' . db_input($created)
        . " WHERE thread_id=" . db_input($thread->getId()) . " AND event_id IN (SELECT id FROM " . EVENT_TABLE . " WHERE name='created')");
    db_query('UPDATE ' . THREAD_EVENT_TABLE . ' SET `timestamp`=' . db_input($lastAt)
        . " WHERE thread_id=" . db_input($thread->getId()) . " AND event_id NOT IN (SELECT id FROM " . EVENT_TABLE . " WHERE name='created')");

    $ticketsOut[] = array('key' => $spec['key'], 'id' => $ticket->getId(), 'number' => $ticket->getNumber(),
        'subject' => $spec['subject'], 'userId' => $user->getId(), 'entries' => count($entries));
}
// Users' "created" follows their first ticket.
foreach ($users as $user) {
    db_query('UPDATE ' . USER_TABLE . ' u SET created=(SELECT MIN(created) FROM ' . TICKET_TABLE
        . ' t WHERE t.user_id=u.id), updated=created WHERE u.id=' . db_input($user->getId()));
}

// -- knowledge base --------------------------------------------------------------------
$kb = array(
    array('Orders & Shipping', 'Delivery times, tracking and addresses.', array(
        array('Shipping times', $P('Orders placed before 14:00 ship the same business day. Standard delivery takes 3–5 business days; express takes 1–2 business days.', 'You will receive a tracking link by e-mail once your parcel leaves our warehouse.')),
        array('How do I change my delivery address?', $P('You can change the address until the order ships: open Orders, choose the order and click "Change address". After it has shipped, contact us and we will ask the carrier to redirect it.')),
    )),
    array('Billing & Refunds', 'Payments, invoices and refunds.', array(
        array('Refund policy', $P('You can return any unused item within 30 days of delivery for a full refund. Refunds are issued to the original payment method within 5 business days after the return passes our quality check.', 'Damaged items: send us a photo and we will refund or replace them at no cost.')),
        array('退款多久到账？', $P('退货商品通过质检后，我们会在 5 个工作日内原路退款。银行卡到账时间以银行为准，通常为 1–3 个工作日。')),
    )),
    array('账户与发票', '发票抬头、税号与账户问题。', array(
        array('如何修改发票抬头', $P('发票开具后 30 天内可以修改抬头：在“我的订单”中选择订单，点击“申请重开发票”，填写新的公司名称和税号即可。我们会在 1 个工作日内重新开具电子发票。')),
        array('Resetting your password', $P('Click "Forgot password" on the sign-in page and follow the link we e-mail you. Each link works once; if you request several, only the newest one is valid.')),
    )),
);
$faqsOut = array();
foreach ($kb as list($catName, $catDesc, $faqs)) {
    $errors = array();
    $cat = Category::create();
    must($cat->update(array('name' => $catName, 'description' => $catDesc, 'ispublic' => Category::VISIBILITY_PUBLIC, 'notes' => ''), $errors),
        "category $catName", $errors);
    foreach ($faqs as list($question, $answer)) {
        $errors = array();
        $faq = FAQ::create();
        must($faq->update(array('question' => $question, 'answer' => $answer, 'category_id' => $cat->getId(),
            'ispublished' => FAQ::VISIBILITY_PUBLIC, 'notes' => ''), $errors), "faq $question", $errors);
        $faqsOut[] = array('id' => $faq->getId(), 'question' => $question, 'category' => $catName);
    }
}

echo json_encode(array(
    'staff' => $staffOut,
    'users' => $usersOut,
    'tickets' => $ticketsOut,
    'faqs' => $faqsOut,
    'departments' => $depts,
    'topics' => $topics,
), JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES | JSON_PRETTY_PRINT);
