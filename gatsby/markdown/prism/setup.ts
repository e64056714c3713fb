// prismjs language components register themselves on a global Prism: point it at the instance
// prism-react-renderer bundles before those components are imported (see ./index.ts).
import { Prism } from 'prism-react-renderer';

(globalThis as unknown as { Prism: typeof Prism }).Prism = Prism;
