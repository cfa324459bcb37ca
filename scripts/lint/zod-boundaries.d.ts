import type { Linter } from 'eslint';

export declare const clientZodRules: Linter.RulesRecord;
export declare const sharedZodRules: Linter.RulesRecord;
