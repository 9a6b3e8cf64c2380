export declare const TEXT_FILE: RegExp;
export declare const COMPRESS_FROM_BYTES: number;
export declare function precompress(file: string): void;
export declare function compressedCopyProblems(dist: string): string[];
