import { teardown } from './setup';

export default teardown;
