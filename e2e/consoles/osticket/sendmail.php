#!/usr/bin/env php
<?php
// php's sendmail_path for the private osTicket: instead of delivering, append the message
// as one JSON line {at, args, raw} to the mail log (path in the first argument, set in the
// php-fpm pool). osticket.ts mailLog() parses it.
$log = $argv[1] ?? '';
if ($log === '') {
    fwrite(STDERR, "usage: sendmail.php LOG [sendmail args]\n");
    exit(75);
}
$raw = stream_get_contents(STDIN);
$line = json_encode(array(
    'at' => gmdate('Y-m-d\TH:i:s\Z'),
    'args' => array_slice($argv, 2),
    'raw' => $raw,
), JSON_UNESCAPED_SLASHES | JSON_INVALID_UTF8_SUBSTITUTE) . "\n";
exit(file_put_contents($log, $line, FILE_APPEND | LOCK_EX) === false ? 75 : 0);
