/**
 * `npm test` (scripts/test.mjs) runs its checks in stages. Nothing may fall out of it unnoticed:
 * every jest project of jest.config.js, the typecheck, the workflow lint and the three builds must
 * be in a stage, the e2e projects must test the builds they were written for (the feature projects
 * the fixture site's, e2e-content the real content's), the growth check must compare the logs of
 * the fixture and grown builds, and the timed tests share the machine only with work that yields
 * the CPU to them.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
/** A core count no machine of the project has, so that a hard-coded worker count cannot pass by chance. */
const CORES = 7;

interface Command {
  command: string;
  args: string[];
  nice?: number;
  env?: Record<string, string>;
  /** A copy of public/ to this folder (no command). */
  copy?: string;
}
interface Stage {
  name: string;
  env?: Record<string, string>;
  sequence: Command[];
  beside?: Command[];
}

/**
 * The stages as scripts/test.mjs exports them (an ES module: read in a child process), and the
 * names of those `npm test -- --stages …` selects for each of `selections` (or its error message).
 */
function load(...selections: string[]): { copies: { fixture: string; content: string }; stages: Stage[]; selected: Array<string[] | string> } {
  // On a machine of CORES cores (os.availableParallelism() answers CORES while the script loads).
  const script = `require('node:os').availableParallelism = () => ${CORES};
  import('./scripts/test.mjs').then((m) => console.log(JSON.stringify({
    copies: m.BUILD_COPIES,
    stages: m.STAGES.map((s) => {
      const plain = (c) => ({ ...c, command: c.command ?? '', args: c.args ?? [] });
      return { ...s, sequence: s.sequence.map(plain), beside: s.beside && s.beside.map(plain) };
    }),
    selected: ${JSON.stringify(selections)}.map((arg) => { try { return m.selectStages(['--stages', arg]).map((s) => s.name); } catch (e) { return String(e.message); } }),
  })))`;
  return JSON.parse(execFileSync(process.execPath, ['-e', script], { cwd: ROOT, encoding: 'utf8' })) as ReturnType<typeof load>;
}

/**
 * The npm script a command runs: `npm run --silent <script>`, also when scripts/build-phases.mjs
 * records its output (`node scripts/build-phases.mjs record <name> -- npm run --silent <script>`).
 */
function scriptOf(command: Command): string | undefined {
  if (command.command === 'npm') return command.args.at(-1);
  if (!command.args) return undefined;
  const dash = command.args.indexOf('--');
  if (command.args[0] === 'scripts/build-phases.mjs' && command.args[1] === 'record' && command.args[dash + 1] === 'npm') return command.args.at(-1);
  return undefined;
}

/** The name under which scripts/build-phases.mjs records the command's log, if it does. */
const recordedAs = (command: Command) => (command.args[0] === 'scripts/build-phases.mjs' && command.args[1] === 'record' ? command.args[2] : undefined);

/** The jest projects a command selects (its --selectProjects arguments). */
function projectsOf(command: Command): string[] {
  const i = command.args.indexOf('--selectProjects');
  if (i < 0) return [];
  const rest = command.args.slice(i + 1);
  const end = rest.findIndex((arg) => arg.startsWith('--'));
  return end < 0 ? rest : rest.slice(0, end);
}

describe('npm test (scripts/test.mjs)', () => {
  const { copies, stages: all, selected } = load('3,4', '2', '0', '99', 'x');
  /** What a stage runs: its sequence and what runs beside it. */
  const commandsOf = (stage: Stage) => [...stage.sequence, ...(stage.beside ?? [])];
  const commands = all.flatMap((stage) => commandsOf(stage).map((command) => ({ stage, command })));
  const npmScripts = commands.map(({ command }) => scriptOf(command)).filter((script) => script !== undefined);

  test('runs every jest project exactly once', () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- jest.config.js is CommonJS without types
    const config = require(path.join(ROOT, 'jest.config.js')) as { projects: { displayName: string }[] };
    const selected = commands.flatMap(({ command }) => projectsOf(command));
    expect([...selected].sort()).toEqual(config.projects.map((p) => p.displayName).sort());
  });

  test('runs the typecheck, ESLint, Prettier’s check, the workflow lint, the three builds and the growth check', () => {
    expect([...npmScripts].sort()).toEqual(['build:fixture', 'build:grown', 'build:strict', 'check:build-growth', 'clean', 'format:check', 'lint', 'lint:workflow', 'typecheck']);
  });

  /**
   * Where a step stands: its stage, and its place in that stage's sequence; the steps beside it
   * follow the sequence's, in their own order (they run one after another, and the next stage
   * starts when all of them are done).
   */
  const placeOf = (predicate: (command: Command) => boolean): [number, number] => {
    for (const [i, stage] of all.entries()) {
      const at = stage.sequence.findIndex(predicate);
      if (at >= 0) return [i, at];
      const beside = (stage.beside ?? []).findIndex(predicate);
      if (beside >= 0) return [i, stage.sequence.length + beside];
    }
    return [-1, -1];
  };
  const before = (a: [number, number], b: [number, number]) => a[0] < b[0] || (a[0] === b[0] && a[1] < b[1]);
  const usesProject = (name: string) => (command: Command) => projectsOf(command).includes(name);
  const runs = (script: string) => (command: Command) => scriptOf(command) === script;
  const copies_ = (folder: string) => (command: Command) => command.copy === folder;
  /** The E2E_SITE_DIR a jest command runs with: its own env over its stage's. */
  const siteDirOf = (project: string) => {
    const { stage, command } = commands.find(({ command }) => usesProject(project)(command)) ?? {};
    return command?.env?.E2E_SITE_DIR ?? stage?.env?.E2E_SITE_DIR;
  };

  test('copies each build right after it is made, before the tests that read the copy, and tests each project on its build', () => {
    const fixture = placeOf(runs('build:fixture'));
    const strict = placeOf(runs('build:strict'));
    const fixtureCopy = placeOf(copies_(copies.fixture));
    const contentCopy = placeOf(copies_(copies.content));
    // Each copy is the next step after its build, in the same stage.
    expect(fixtureCopy).toEqual([fixture[0], fixture[1] + 1]);
    expect(contentCopy).toEqual([strict[0], strict[1] + 1]);
    for (const project of ['e2e', 'e2e-timed']) {
      expect(siteDirOf(project)).toBe(copies.fixture);
      expect(before(fixtureCopy, placeOf(usesProject(project)))).toBe(true);
    }
    expect(siteDirOf('e2e-content')).toBe(copies.content);
    expect(before(contentCopy, placeOf(usesProject('e2e-content')))).toBe(true);
    // The /fomosite tests read public/, after the grown build has finished (a later stage than the one it runs beside in).
    expect(placeOf(usesProject('e2e-prefix'))[0]).toBeGreaterThan(placeOf(runs('build:grown'))[0]);
    // The grown build overwrites public/ only after both copies were made.
    expect(before(contentCopy, placeOf(runs('build:grown')))).toBe(true);
  });

  test('builds the fixture from nothing, the real content after it, and checks the growth on the fixture’s log and the grown build’s', () => {
    const stage = all.find((s) => s.sequence.some(runs('build:fixture'))) as Stage;
    // The fixture build is whole (after an earlier build of the same site Gatsby would make no HTML, and there
    // would be nothing to compare); the real content follows on its cache, as a deploy build follows the last.
    expect(stage.sequence.map((c) => c.copy ?? scriptOf(c))).toEqual(['clean', 'build:fixture', copies.fixture]);
    expect(before(placeOf(copies_(copies.fixture)), placeOf(runs('build:strict')))).toBe(true);
    expect(commands.map(({ command }) => recordedAs(command)).filter(Boolean)).toEqual(['fixture', 'strict']);
    expect(readFileSync(path.join(ROOT, 'scripts/build-grown.mjs'), 'utf8')).toMatch(/record\('grown',/);
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- package.json
    const scripts = (require(path.join(ROOT, 'package.json')) as { scripts: Record<string, string> }).scripts;
    expect(scripts['check:build-growth']).toBe('node scripts/build-phases.mjs check fixture grown');
    const check = placeOf(runs('check:build-growth'));
    expect(before(placeOf(runs('build:fixture')), check)).toBe(true);
    expect(check[0]).toBeGreaterThan(placeOf(runs('build:grown'))[0]);
  });

  test('--stages runs the stages numbered from 1, and names the range when a number is out of it', () => {
    const [threeFour, two, ...wrong] = selected;
    expect(threeFour).toEqual(all.slice(2, 4).map((stage) => stage.name));
    expect(two).toEqual([all[1]?.name]);
    expect(wrong).toEqual(['0', '99', 'x'].map((arg) => `--stages takes stage numbers from 1 to ${all.length}, separated by commas: ${arg}`));
  });

  test('runs the parallel jest runs on one worker per core, the feature e2e run on one more, and the timed tests on one', () => {
    const jestRuns = commands.filter(({ command }) => projectsOf(command).length > 0).map(({ command }) => command);
    const workers = (command: Command) => command.args.filter((arg) => arg.startsWith('--maxWorkers') || arg === '--runInBand');
    expect(jestRuns.map((command) => [projectsOf(command).join(' '), workers(command)])).toEqual(
      jestRuns.map((command) => [projectsOf(command).join(' '), projectsOf(command).includes('e2e-timed') ? ['--runInBand'] : [`--maxWorkers=${projectsOf(command).includes('e2e') ? CORES + 1 : CORES}`]]),
    );
  });

  test('runs nothing beside a stage but at the lowest CPU priority, no test beside anything, and nothing but the timed tests in their stage', () => {
    // The timed tests assert the spec's delays in real time: whatever shares the machine with
    // them must yield the CPU whenever they want it (nice 19), and no other test may share their stage.
    // A copy of a build is not a command: this process copies the folder when the build beside is done.
    const beside = all.flatMap((stage) => stage.beside ?? []).filter((command) => command.copy === undefined);
    expect(beside.length).toBeGreaterThan(0);
    for (const command of beside) {
      expect(command.nice).toBe(19);
      expect(projectsOf(command)).toEqual([]);
    }
    const timed = all.filter((s) => s.sequence.flatMap(projectsOf).includes('e2e-timed'));
    expect(timed).toHaveLength(1);
    expect(timed[0]?.sequence.flatMap(projectsOf)).toEqual(['e2e-timed']);
  });
});
