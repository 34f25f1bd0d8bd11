import type { CliCommand } from '../command.ts';
import { pulseqInfoCommand } from './pulseq-info.ts';
import { simulateCommand } from './simulate.ts';

/** Every `larmor` command. Add a command by adding its module's export here (one line each). */
export const commands: CliCommand[] = [simulateCommand, pulseqInfoCommand];
