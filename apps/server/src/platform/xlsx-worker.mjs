// Worker threads start without the parent's TypeScript loader (under tests as under tsx), so the
// reader registers tsx itself before loading the TypeScript implementation.
import { register } from 'tsx/esm/api';

register();
await import('./xlsx-worker.ts');
