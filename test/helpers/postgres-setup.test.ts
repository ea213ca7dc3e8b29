import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TestModule, TestProject } from 'vitest/node';
import { freePort } from './child-server.js';
import NoSkippedTests from './no-skipped-tests.js';
import setup from './postgres-setup.js';

const cluster = vi.hoisted(() => ({ installed: false }));
vi.mock('./pg-cluster.js', () => ({
  startThrowawayPostgres: async () => (cluster.installed ? { url: 'postgres://unused', stop: async () => undefined } : null),
}));

const project = () => ({ provide: vi.fn() }) as unknown as TestProject & { provide: ReturnType<typeof vi.fn> };

describe('the api-postgres project never passes without running', () => {
  const saved = { url: process.env.ENGRAM_TEST_PG_URL, exitCode: process.exitCode };
  afterEach(() => {
    if (saved.url === undefined) delete process.env.ENGRAM_TEST_PG_URL;
    else process.env.ENGRAM_TEST_PG_URL = saved.url;
    process.exitCode = saved.exitCode;
    cluster.installed = false;
  });

  it('fails, saying how to provide one, when PostgreSQL with pgvector is not installed', async () => {
    delete process.env.ENGRAM_TEST_PG_URL;
    const p = project();
    await expect(setup(p)).rejects.toThrow(/not installed here; run scripts\/pg-install\.sh .*or set ENGRAM_TEST_PG_URL/);
    expect(p.provide).not.toHaveBeenCalled();
  });

  it('fails when ENGRAM_TEST_PG_URL points at nothing', async () => {
    process.env.ENGRAM_TEST_PG_URL = `postgres://postgres@127.0.0.1:${await freePort()}/postgres`;
    await expect(setup(project())).rejects.toThrow(/ENGRAM_TEST_PG_URL is not usable \(.*ECONNREFUSED.*\); run scripts\/pg-install\.sh/);
  });

  it('starts a throwaway cluster when one is installed', async () => {
    delete process.env.ENGRAM_TEST_PG_URL;
    cluster.installed = true;
    const p = project();
    const teardown = await setup(p);
    expect(p.provide).toHaveBeenCalledWith('pgUrl', 'postgres://unused');
    await teardown?.();
  });

  it('fails a CI run that skipped a test', () => {
    const module = (states: Record<string, string>) =>
      ({
        moduleId: '/repo/test/api/x.test.ts',
        project: { name: 'api-postgres' },
        children: {
          *allTests(state: string) {
            for (const [fullName, s] of Object.entries(states)) if (s === state) yield { fullName };
          },
        },
      }) as unknown as TestModule;
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    process.exitCode = undefined;
    new NoSkippedTests().onTestRunEnd([module({ ran: 'passed' })]);
    expect(process.exitCode).toBeUndefined();
    new NoSkippedTests().onTestRunEnd([module({ ran: 'passed', 'documents > lists': 'skipped' })]);
    expect(process.exitCode).toBe(1);
    expect(errors.mock.calls[0][0]).toContain('api-postgres > /repo/test/api/x.test.ts > documents > lists');
    errors.mockRestore();
  });
});
