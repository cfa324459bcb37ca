import path from 'node:path';
import { ESLint, type Linter } from 'eslint';
import tseslint from 'typescript-eslint';

/**
 * Lints one file of a fixture folder with nothing but the given plugins and rules (the repository's own config is
 * not read), and gives its problems as `line: message`.
 */
export async function lintFixtureFile(
  fixture: string,
  file: string,
  config: { plugins: Record<string, ESLint.Plugin>; rules: Linter.RulesRecord },
): Promise<string[]> {
  const eslint = new ESLint({
    cwd: fixture,
    overrideConfigFile: true,
    overrideConfig: [{ files: ['**/*.ts'], languageOptions: { parser: tseslint.parser }, ...config }],
  });
  const [result] = await eslint.lintFiles([path.join(fixture, file)]);
  return (result?.messages ?? []).map((message) => `${message.line}: ${message.message}`);
}
