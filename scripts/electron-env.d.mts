// Types of electron-env.mjs, for the tests that import it.
export declare const ROOT: string;
export declare const ELECTRON_BUILD_DIR: string;
export declare const ELECTRON_SQLITE_BINDING: string;
export declare const ELECTRON_SQLITE_STAMP: string;
export declare function packageDir(name: string): string;
export declare function packageVersion(name: string): string;
export declare function electronBinary(): string | null;
export declare function electronSqliteBindingReady(): boolean;
