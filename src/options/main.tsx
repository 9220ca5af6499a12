import { render } from 'preact';
import { zodInAgentLanguage } from '../ui/zod-locale.ts';
import { Options } from './Options.tsx';

zodInAgentLanguage();
render(<Options />, document.getElementById('app')!);
