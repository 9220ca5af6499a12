import { render } from 'preact';
import { Options } from './Options.tsx';

render(<Options />, document.getElementById('app')!);
