import type { Rule } from 'eslint';

declare const moduleBoundaries: Rule.RuleModule;
export default moduleBoundaries;
