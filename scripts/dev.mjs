// `npm run dev`: the API (tsx watch, :3000) and Vite (:5173, proxying /api) side by side.
import { spawn } from 'node:child_process';

const children = [
  spawn('npm', ['run', 'dev', '-w', '@spotzcity/server'], { stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', '@spotzcity/web'], { stdio: 'inherit' }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((child) => child.on('exit', (code) => code && stop()));
