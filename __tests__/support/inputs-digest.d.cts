/** Types of inputs-digest.cjs (documented there). */
export declare function inputsDigest(files: readonly string[]): string;
