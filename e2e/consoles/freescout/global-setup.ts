/** The freescout suite's services (e2e/consoles/global-setup.ts), installed or started and reset to the seed. */
import { setupConsoles } from '../global-setup.ts';

export default () => setupConsoles(['freescout']);
