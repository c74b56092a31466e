import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { planGroups, SHELL_MODULES, type SurveyChunk } from './load-groups.ts';

const ROOT = '/app';
const src = (file: string) => path.resolve(ROOT, file);

/** A survey's chunk: its file, its modules, what it imports; `size` stands for its code. */
function chunk(
  name: string,
  modules: string[],
  imports: string[] = [],
  options: Partial<SurveyChunk> & { size?: number } = {},
): SurveyChunk {
  const { size = 100, ...rest } = options;
  return {
    name,
    fileName: `${name}.js`,
    isEntry: false,
    isDynamicEntry: false,
    facadeModuleId: null,
    moduleIds: modules.map(src),
    imports: imports.map((i) => `${i}.js`),
    dynamicImports: [],
    code: 'x'.repeat(size),
    ...rest,
  };
}

const lazy = (name: string, modules: string[], imports: string[] = [], size = 100) =>
  chunk(name, modules, imports, { isDynamicEntry: true, facadeModuleId: src(modules[0]!), size });

/**
 * An app shaped like ours: the entry (with the login page's lazily loaded sign-in rules), the
 * shell's three lazily loaded parts and what they load, two pages sharing small pieces and a
 * large one.
 */
function survey(): SurveyChunk[] {
  const [appShell, providers, requireAuth] = SHELL_MODULES;
  return [
    chunk('index', ['index.html', 'src/main.tsx', 'src/router.tsx'], ['react', 'login'], {
      isEntry: true,
      facadeModuleId: src('index.html'),
      dynamicImports: ['auth.js', 'app-shell.js', 'antd-providers.js', 'require-auth.js'],
    }),
    chunk('react', ['node_modules/react/index.js'], [], { size: 100_000 }),
    chunk('login', ['src/login.tsx', 'src/client.ts']),
    chunk('zod', ['node_modules/zod/index.js'], [], { size: 90_000 }),
    chunk('auth', ['shared/auth.ts'], ['zod', 'enums']),
    chunk('enums', ['shared/enums.ts']),
    lazy('app-shell', [appShell!, 'src/sidebar.tsx'], ['button', 'menu', 'index', 'enums']),
    lazy('antd-providers', [providers!], ['config', 'index']),
    lazy('require-auth', [requireAuth!], ['index', 'button']),
    chunk('button', ['antd/button.js'], ['config'], { size: 30_000 }),
    chunk('menu', ['antd/menu.js'], ['config'], { size: 40_000 }),
    chunk('config', ['antd/config.js'], [], { size: 20_000 }),
    lazy('page-a', ['src/page-a.tsx'], ['heading', 'api', 'words', 'table', 'button']),
    lazy('page-b', ['src/page-b.tsx'], ['heading', 'api', 'words', 'uses-table']),
    chunk('words', ['shared/words.ts', 'src/format.ts'], ['index']),
    lazy('page-c', ['src/page-c.tsx'], ['words', 'rules']),
    chunk('rules', ['src/rules.ts'], ['auth']),
    chunk('heading', ['src/heading.tsx', 'src/heading.module.css'], ['button', 'api']),
    chunk('api', ['src/api.ts'], ['index', 'zod']),
    chunk('table', ['antd/table.js'], ['config'], { size: 150_000 }),
    chunk('uses-table', ['src/uses-table.tsx'], ['table']),
    chunk('print', ['src/print.ts', 'src/print.css'], ['index']),
  ];
}

function membersOf(groups: ReturnType<typeof planGroups>, modules: string[]) {
  const all = survey().flatMap((c) => c.moduleIds);
  const by = (name: string) =>
    all
      .filter((id) => groups.find((g) => g.name === name)?.test(id))
      .map((id) => path.relative(ROOT, id));
  return Object.fromEntries(modules.map((name) => [name, by(name)]));
}

describe('planGroups', () => {
  const groups = planGroups(survey(), ROOT, ['react', 'zod']);
  const members = membersOf(groups, ['entry', 'shell', 'shared', 'forms', 'auth', 'enums']);

  it("puts the entry's chunks in one, index.html and its script left to the entry", () => {
    expect(members.entry).toEqual(['src/router.tsx', 'src/login.tsx', 'src/client.ts']);
  });

  it("puts what the shell loads in one, leaving its parts' own modules to the router's imports", () => {
    expect(members.shell).toEqual([
      'src/sidebar.tsx',
      'antd/button.js',
      'antd/menu.js',
      'antd/config.js',
    ]);
  });

  it('keeps what the login page loads lazily out of the shell and of `shared`, above them', () => {
    expect(members.auth).toEqual(['shared/auth.ts']);
    expect(members.enums).toEqual(['shared/enums.ts']);
    const priority = (name: string) => groups.find((g) => g.name === name)!.priority;
    expect(priority('auth')).toBeGreaterThan(priority('shell'));
    // What the rules import keeps its own shape: the rules' group would take it in.
    expect(priority('enums')).toBeGreaterThan(priority('auth'));
    expect(priority('entry')).toBeGreaterThan(priority('enums'));
  });

  it('puts the small shared pieces in one, those that need zod in another, not those that would bring a large library', () => {
    expect(members.shared).toEqual(['shared/words.ts', 'src/format.ts']);
    // Needing zod through an import, or through the login page's rules.
    expect(members.forms).toEqual([
      'src/rules.ts',
      'src/heading.tsx',
      'src/heading.module.css',
      'src/api.ts',
    ]);
    const all = survey().flatMap((c) => c.moduleIds);
    const grouped = all.filter((id) => groups.some((g) => g.test(id)));
    // The pages, the table, what needs the table and a global stylesheet's chunk stay as they were.
    for (const free of ['src/page-a.tsx', 'antd/table.js', 'src/uses-table.tsx', 'src/print.ts']) {
      expect(grouped).not.toContain(src(free));
    }
  });

  it('leaves a shared chunk over the size limit where it was', () => {
    const strict = planGroups(survey(), ROOT, ['react', 'zod'], 50);
    expect(membersOf(strict, ['shared', 'forms'])).toEqual({ shared: [], forms: [] });
  });

  it("says so when a shell's part is missing from the survey", () => {
    const broken = survey().map((c) =>
      c.name === 'require-auth' ? { ...c, facadeModuleId: null } : c,
    );
    expect(() => planGroups(broken, ROOT, [])).toThrow(/no chunk for src\/app\/require-auth.tsx/);
  });
});
