#!/usr/bin/env node
// agent-chat-record: records turns from any agent server into a recording file (see --help).
import { runRecordCommand } from './record-command.js';

process.exitCode = await runRecordCommand(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
});
