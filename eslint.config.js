import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'server/db/migrations', 'test-results', 'playwright-report', 'data'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': [
        'error',
        { selector: "CallExpression[callee.object.name=/^(it|test|describe)$/][callee.property.name=/^(only|skip)$/]", message: 'No focused or skipped tests.' },
      ],
      // Icons by path, so a page's chunk carries only the icons it shows (issue 10: the sign-in page's JS budget).
      'no-restricted-imports': [
        'error',
        { paths: [{ name: '@mui/icons-material', message: "Import each icon by path: import EventIcon from '@mui/icons-material/Event'." }] },
      ],
    },
  },
);
