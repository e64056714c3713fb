/** One shard of the axe-core audit of every built page (support/a11y.ts; the shards split the plan by this file's number). */
import { auditPagesShard } from '../e2e/support/a11y';

jest.setTimeout(20 * 60_000);

auditPagesShard(__filename);
