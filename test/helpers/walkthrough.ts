import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

const README = new URL('../../README.md', import.meta.url);

/** The shell blocks between README's walkthrough markers, as one script. */
export function walkthroughScript(readme: string = readFileSync(README, 'utf8')): string {
  const start = readme.indexOf('<!-- walkthrough:start -->');
  const end = readme.indexOf('<!-- walkthrough:end -->');
  if (start < 0 || end < start) throw new Error('README.md has no <!-- walkthrough:start --> … <!-- walkthrough:end --> section');
  const blocks = [...readme.slice(start, end).matchAll(/```sh\n([\s\S]*?)```/g)].map((match) => match[1]);
  if (!blocks.length) throw new Error('the README walkthrough has no ```sh block');
  return blocks.join('\n');
}

/** Points the walkthrough at this server and key: its `BASE=` and `KEY=` lines, each exactly once, and nothing else. */
export function aimedAt(script: string, base: string, key: string): string {
  for (const name of ['BASE', 'KEY']) {
    const lines = script.split('\n').filter((line) => line.startsWith(`${name}=`));
    if (lines.length !== 1) throw new Error(`the README walkthrough must set ${name}= on exactly one line, found ${lines.length}`);
  }
  return script.replace(/^BASE=.*$/m, `BASE=${base}`).replace(/^KEY=.*$/m, `KEY=${key}`);
}

export function runBash(script: string, timeoutMs: number): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    // -e: the first failing command stops the walkthrough; -u: a variable it forgot to set fails; -o pipefail: a failed curl in a pipe fails.
    const child = spawn('bash', ['-euo', 'pipefail', '-c', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}
