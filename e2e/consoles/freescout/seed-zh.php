<?php
// A second agent whose FreeScout language is Chinese (zh-CN), made through FreeScout's own
// models as the shared seed makes its staff: member of every mailbox, with personal folders.
// Run from the web root; prints the new user's id and the seeded ids the tests need as JSON.
require getcwd() . '/vendor/autoload.php';
$app = require_once getcwd() . '/bootstrap/app.php';
$app->make(Illuminate\Contracts\Console\Kernel::class)->bootstrap();
use App\Mailbox; use App\User;

$u = new User();
$u->role = User::ROLE_USER;
$u->first_name = 'Jing';
$u->last_name = 'Chen';
$u->email = 'chen@example.com';
$u->password = Hash::make(getenv('FS_PASS'));
$u->status = User::STATUS_ACTIVE;
// The agent's own language setting (Profile → Language): the whole UI follows it.
$u->locale = 'zh-CN';
$u->save();
foreach (Mailbox::all() as $m) {
  $m->users()->syncWithoutDetaching([$u->id]);
  $m->syncPersonalFolders([$u->id]);
}
echo json_encode(['id' => $u->id, 'email' => $u->email, 'name' => $u->getFullName(), 'locale' => $u->locale]), "\n";
