import type { CliCommand } from '../command.ts';
import { pulseqInfoCommand } from './pulseq-info.ts';
import { simulateCommand } from './simulate.ts';

/** Every `larmor` command. Add a command by adding its module's export here (one line each). */
export const commands: CliCommand[] = [simulateCommand, pulseqInfoCommand];
import { createAdminCommand } from './create-admin.ts';
import { migrateCommand } from './migrate.ts';
import { seedCommand } from './seed.ts';
import { startCommand } from './start.ts';
import { workerCommand } from './worker.ts';

commands.push(startCommand, workerCommand, migrateCommand, seedCommand, createAdminCommand);
import { renderCommand } from './render.ts';

commands.push(renderCommand);
import { galleryCommand } from './gallery.ts';

commands.push(galleryCommand);
