/**
 * `npm test` (scripts/test.mjs) runs its checks in stages. Nothing may fall out of it unnoticed:
 * every jest project of jest.config.js, the typecheck, the workflow lint and both builds must be
 * in a stage, the e2e projects must test the builds they were written for, the growth check must
 * compare the logs of both builds, and the timed tests share the machine only with work that yields
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
}
interface Stage {
  name: string;
  before: boolean;
  env?: Record<string, string>;
  sequence: Command[];
  beside?: Command[];
}

/**
 * The stages as scripts/test.mjs exports them (an ES module: read in a child process), and the
 * names of those `npm test -- --stages …` selects for each of `selections` (or its error message).
 */
function load(...selections: string[]): { siteCopy: string; stages: Stage[]; selected: Array<string[] | string> } {
  // On a machine of CORES cores (os.availableParallelism() answers CORES while the script loads).
  const script = `require('node:os').availableParallelism = () => ${CORES};
  import('./scripts/test.mjs').then((m) => console.log(JSON.stringify({
    siteCopy: m.SITE_COPY,
    stages: m.STAGES.map((s) => ({ ...s, before: typeof s.before === 'function' })),
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
  const { siteCopy, stages: all, selected } = load('3,4', '2', '0', '5', 'x');
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

  test('runs the typecheck, ESLint, Prettier’s check, the workflow lint and both builds', () => {
    expect([...npmScripts].sort()).toEqual(['build:grown', 'build:strict', 'check:build-growth', 'clean', 'format:check', 'lint', 'lint:workflow', 'typecheck']);
  });

  test('builds before the tests that need the build, and tests the strict build by its copy', () => {
    const stageOf = (predicate: (command: Command) => boolean) => all.findIndex((stage) => commandsOf(stage).some(predicate));
    const usesProject = (name: string) => (command: Command) => projectsOf(command).includes(name);
    const runs = (script: string) => (command: Command) => scriptOf(command) === script;
    const strict = stageOf(runs('build:strict'));
    const prefixed = stageOf(runs('build:grown'));
    const copy = all.findIndex((stage) => stage.before);
    // The copy is made after the strict build and before the prefixed build overwrites public/.
    expect(strict).toBeLessThan(copy);
    expect(copy).toBeLessThanOrEqual(prefixed);
    for (const project of ['e2e', 'e2e-timed']) {
      expect(stageOf(usesProject(project))).toBeGreaterThanOrEqual(copy);
      const stage = commands.find(({ command }) => usesProject(project)(command))?.stage;
      expect(stage?.env?.E2E_SITE_DIR).toBe(siteCopy);
    }
    // The /fomosite tests read public/, after the prefixed build has finished.
    expect(stageOf(usesProject('e2e-prefix'))).toBeGreaterThan(prefixed);
  });

  test('checks the growth of the build after both builds, on the strict build’s log and the grown build’s', () => {
    const stageOf = (predicate: (command: Command) => boolean) => all.findIndex((stage) => commandsOf(stage).some(predicate));
    const strict = commands.find(({ command }) => scriptOf(command) === 'build:strict')?.command as Command;
    // The strict build's log is recorded as 'strict'; build:grown records its own as 'grown' (scripts/build-grown.mjs).
    expect(recordedAs(strict)).toBe('strict');
    // A whole build: after an earlier build of the same site Gatsby would make no HTML, and there would be nothing to compare.
    const strictStage = all.find((stage) => stage.sequence.includes(strict)) as Stage;
    expect(strictStage.sequence.map(scriptOf)).toEqual(['clean', 'build:strict']);
    expect(readFileSync(path.join(ROOT, 'scripts/build-grown.mjs'), 'utf8')).toMatch(/record\('grown',/);
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- package.json
    const scripts = (require(path.join(ROOT, 'package.json')) as { scripts: Record<string, string> }).scripts;
    expect(scripts['check:build-growth']).toBe('node scripts/build-phases.mjs check strict grown');
    const check = stageOf((command) => scriptOf(command) === 'check:build-growth');
    expect(check).toBeGreaterThan(stageOf((command) => command === strict));
    expect(check).toBeGreaterThan(stageOf((command) => scriptOf(command) === 'build:grown'));
  });

  test('--stages runs the stages numbered from 1, and names the range when a number is out of it', () => {
    const [threeFour, two, ...wrong] = selected;
    expect(threeFour).toEqual(all.slice(2, 4).map((stage) => stage.name));
    expect(two).toEqual([all[1]?.name]);
    expect(wrong).toEqual(['0', '5', 'x'].map((arg) => `--stages takes stage numbers from 1 to ${all.length}, separated by commas: ${arg}`));
  });

  test('runs the parallel jest runs on one worker per core, and the timed tests on one', () => {
    const jestRuns = commands.filter(({ command }) => projectsOf(command).length > 0).map(({ command }) => command);
    const workers = (command: Command) => command.args.filter((arg) => arg.startsWith('--maxWorkers') || arg === '--runInBand');
    expect(jestRuns.map((command) => [projectsOf(command).join(' '), workers(command)])).toEqual(
      jestRuns.map((command) => [projectsOf(command).join(' '), projectsOf(command).includes('e2e-timed') ? ['--runInBand'] : [`--maxWorkers=${CORES}`]]),
    );
  });

  test('runs nothing beside a stage but at the lowest CPU priority, no test beside anything, and nothing but the timed tests in their stage', () => {
    // The timed tests assert the spec's delays in real time: whatever shares the machine with
    // them must yield the CPU whenever they want it (nice 19), and no other test may share their stage.
    const beside = all.flatMap((stage) => stage.beside ?? []);
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
