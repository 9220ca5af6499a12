/**
 * Field and section names as agents' consoles write them, in Chinese and English.
 * Matching is on normalised label text (see text.ts normLabel). Order inside a list does
 * not matter; longer, more specific synonyms win through the scorer.
 */

export const FIELD_SYNONYMS = {
  name: ['姓名', '客户姓名', '客户名', '名字', '联系人', 'name', 'customer name', 'full name', 'contact name'],
  phone: ['手机', '手机号', '手机号码', '电话', '联系电话', '电话号码', 'phone', 'mobile', 'mobile number', 'phone number', 'tel', 'telephone'],
  email: ['邮箱', '电子邮箱', '邮件', '电子邮件', 'email', 'e-mail', 'mail', 'email address'],
  orderId: ['订单号', '订单编号', '订单', '订单id', 'order', 'order id', 'order no', 'order no.', 'order number'],
  membership: ['会员等级', '会员', '等级', 'membership', 'tier', 'member level'],
  title: ['工单标题', '标题', '主题', '问题标题', 'title', 'subject', 'summary'],
  category: ['问题分类', '分类', '类别', '问题类型', '类型', '帮助主题', '主题分类', 'category', 'type', 'issue type', 'help topic', 'topic'],
  priority: ['优先级', '紧急程度', 'priority', 'urgency'],
  // A new ticket's message box is its description ("Message", 正文); a reply box is never a form field.
  description: ['问题描述', '描述', '详情', '详细描述', '内容', '正文', '留言', '消息内容', 'description', 'details', 'problem description', 'message', 'body'],
  amount: ['退款金额', '金额', 'amount', 'refund amount'],
  currency: ['币种', '货币', 'currency'],
  reason: ['退款原因', '原因', 'reason', 'reason for refund', 'refund reason'],
  note: ['内部备注', '备注', 'internal note', 'note', 'notes'],
  queue: ['分配队列', '队列', '转派', '部门', '转移到部门', '团队', '小组', '组', '分组', '工作组', 'queue', 'assign to queue', 'assign', 'department', 'transfer to', 'team', 'mailbox', 'inbox', 'group'],
  agent: ['处理人', '负责人', '指派给', '分配给', '受理人', '受让人', '客服', 'assignee', 'agent', 'assign to', 'owner', 'staff'],
  reply: ['回复客户', '回复', '回复内容', '消息', 'reply', 'reply to customer', 'message'],
} as const satisfies Record<string, readonly string[]>;

export type FieldKey = keyof typeof FIELD_SYNONYMS;

/**
 * Names that mean a field only when they are the whole name: a mail-style "To" (到: FreeScout's
 * zh-CN), a "Requester" picker, take the customer's address; "photo" or "total" are no "to".
 * Matched against whole labels and whole name/id attributes (`to[]`, `requester`).
 */
export const WHOLE_NAME_SYNONYMS: Partial<Record<FieldKey, readonly string[]>> = {
  email: ['to', '到', '收件人', 'recipient', 'recipients', 'requester', 'requesters', '请求人', '请求者'],
};

/** English tokens of name/id attributes (`customer_phone`, `orderId`). */
export const TOKEN_SYNONYMS: Record<FieldKey, readonly string[]> = {
  name: ['name', 'fullname', 'customername'],
  phone: ['phone', 'mobile', 'tel', 'telephone'],
  email: ['email', 'mail'],
  orderId: ['order', 'orderid', 'orderno'],
  membership: ['membership', 'tier'],
  title: ['title', 'subject'],
  category: ['category', 'type'],
  priority: ['priority', 'urgency'],
  description: ['description', 'desc', 'details', 'body'],
  amount: ['amount'],
  currency: ['currency'],
  reason: ['reason'],
  note: ['note', 'notes'],
  queue: ['queue', 'dept', 'department'],
  agent: ['assignee', 'agent', 'staff', 'owner'],
  reply: ['reply', 'message'],
};

/**
 * What a link to the customer's own ticket list says ("All tickets" beside the requester): the
 * history reader follows it (history.ts), and the customer reader keeps it out of a name.
 */
export const TICKET_LIST_LINKS = ['all tickets', 'view all tickets', 'all conversations', 'view all conversations', 'all requests', '全部工单', '所有工单', '查看全部工单', '查看所有工单', '全部对话', '所有对话', '历史工单'] as const;

export const SECTION_SYNONYMS = {
  // "New conversation": mail-style helpdesks (Help Scout, FreeScout, Front) call a ticket a conversation.
  ticketForm: ['快速建单', '新建工单', '创建工单', '提交工单', '新工单', '工单', '新建对话', '新的对话', '新对话', '创建对话', '新建会话', '新会话', '创建会话', 'quick ticket', 'new ticket', 'create ticket', 'open a new ticket', 'open new ticket', 'create a ticket', 'ticket', 'new conversation', 'create conversation', 'start a conversation'],
  refundForm: ['退款申请', '退款', 'refund request', 'refund'],
  customer: ['客户信息', '客户资料', '客户', '用户信息', '联系人', '请求人', 'customer', 'customer profile', 'customer info', 'customer details', 'requester', 'user information', 'user info', 'user details', 'contact', 'contact details', 'client'],
  // '工单历史' / '历史会话': Zendesk's and Help Scout-style zh panels put the words either way round.
  history: ['历史工单', '工单历史', '历史记录', '最近工单', '过往工单', '以往工单', '历史会话', '以往会话', '之前的会话', 'earlier tickets', 'ticket history', 'previous tickets', 'past tickets', 'other tickets', 'recent tickets', 'user tickets', 'previous conversations', '以前的对话', '之前的对话', '历史对话', '过往对话', 'earlier conversations', 'past conversations'],
  conversation: ['当前会话', '会话', '对话', '工单对话', '消息记录', 'conversation', 'current conversation', 'chat', 'thread', 'ticket thread', 'messages'],
  kb: ['知识库', 'knowledge base', 'help center'],
} as const satisfies Record<string, readonly string[]>;

export type SectionKey = keyof typeof SECTION_SYNONYMS;

/** A heading of a page that creates a record ("New conversation", "新建工单 #1043（草稿）"). */
export const NEW_RECORD_HEADING = /^(new|create|open a new|start a new|compose)\b.{0,20}\b(ticket|conversation|request|case|issue)s?\b|^(新建|创建|新的|新)(工单|对话|会话|请求)/i;

/** Button texts that open or submit things. */
export const BUTTON_SYNONYMS = {
  // 'open a new ticket': osTicket 1.18's own label (scp/tickets.php, the client portal's sidebar).
  openTicket: ['新建工单', '创建工单', '快速建单', 'new ticket', 'create ticket', 'open a new ticket', 'open new ticket'],
  submitTicket: ['提交工单', '提交', '创建', 'submit ticket', 'submit', 'create'],
  send: ['发送', '发送回复', 'send', 'send reply'],
  // Live chats call the internal note a whisper (ServiceNow Agent Chat: "Agent Whisper").
  // 添加注释: FreeScout's zh-CN "Add Note" (resources/lang/zh-CN.json).
  addNote: ['添加备注', '保存备注', '提交备注', '添加注释', 'add note', 'save note', 'post note', 'add internal note', 'add whisper', 'send whisper'],
  // "Assignee: Anyone ▾": a menu of people named for its value (FreeScout, Zendesk, Help Scout).
  assign: ['分配', '转派', '指派', '受让人', '处理人', '负责人', 'assign', 'reassign', 'assignee', 'assigned to'],
  // Mail-style helpdesks move a conversation to another mailbox (FreeScout, Help Scout: "Move", 移动).
  transfer: ['转移', '转部门', '转交', '转接', 'transfer', '移动', '移至', 'move', 'move to', 'move conversation'],
  cancel: ['取消', '关闭', 'cancel', 'close'],
  // 更新 / Update / Apply: a properties card's one button that saves its fields (Freshdesk).
  confirm: ['确定', '确认', '保存', '提交', '更新', '应用', 'ok', 'save', 'submit', 'confirm', 'update', 'apply'],
  submitRefund: ['提交退款申请', '提交退款', '申请退款', '确认退款', '发起退款', 'submit refund request', 'submit refund', 'request refund', 'issue refund', 'confirm refund'],
} as const satisfies Record<string, readonly string[]>;

/**
 * The words a console's notice uses for what a job did ("Note added", 对话已移动): a notice in a
 * warning-coloured box that says so is that job's success (dom/outcome.ts classify).
 */
export const ACT_WORDS = {
  reply: ['sent', 'email sent', 'reply', 'replied', 'message', 'response', '发送', '已发送', '回复'],
  note: ['note', 'internal note', 'comment', '备注', '注释', '批注'],
  ticket: ['created', 'ticket', 'conversation', 'case', 'request', '创建', '工单', '对话'],
  queue: ['moved', 'transferred', 'queue', 'department', 'mailbox', 'group', '转移', '移动', '部门', '队列'],
  agent: ['assignee', 'assigned', 'owner', '分配', '指派', '受让人', '处理人', '负责人'],
  refund: ['refund', 'refunded', '退款'],
} as const satisfies Record<string, readonly string[]>;

/** Option words that mean the same priority. */
export const PRIORITY_SYNONYMS: Record<string, readonly string[]> = {
  low: ['低', 'low', '一般'],
  normal: ['中', '普通', 'normal', 'medium'],
  high: ['高', 'high', '重要'],
  urgent: ['紧急', 'urgent', 'critical', '最高'],
};

/** Score how well a label names one of the synonyms: 1 exact, less for a looser fit. */
export function matchScore(label: string, synonyms: readonly string[]): number {
  if (!label) return 0;
  let best = 0;
  for (const syn of synonyms) {
    if (label === syn) return 1;
    if (contains(label, syn)) best = Math.max(best, 0.5 + 0.4 * (syn.length / label.length));
    else if (label.length >= 2 && contains(syn, label)) best = Math.max(best, 0.4 + 0.3 * (label.length / syn.length));
  }
  return best;
}

const LATIN = /^[\x20-\x7e]+$/;

/**
 * Does `text` hold `part`? Chinese has no spaces, so any run counts (客户姓名 holds 姓名); a
 * Latin word counts only whole, or with a plural ending ("to" is no part of "topic", "type" none
 * of "prototype", "assign" none of "assigned"; "tickets" holds "ticket").
 */
function contains(text: string, part: string): boolean {
  if (!LATIN.test(part)) return text.includes(part);
  let at = text.indexOf(part);
  while (at >= 0) {
    const before = text[at - 1];
    const after = text.slice(at + part.length);
    if ((!before || !/[a-z0-9]/.test(before)) && /^(e?s)?(?![a-z0-9])/.test(after)) return true;
    at = text.indexOf(part, at + 1);
  }
  return false;
}
