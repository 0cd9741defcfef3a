import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const up = (folders, message) => ({
  regex: `^(~/|\\./|(\\.\\./)+)(${folders})(/|\\.tsx?$|$)`,
  message,
});

/** `no-restricted-imports` per layer, for both `~/` and relative paths. */
function layerRules() {
  const pages = "routes|root|routes\\.ts|entry\\.server";
  // Tests may cross layers: they check one layer against another (routes against the access table).
  const tests = ["**/*.test.ts", "**/*.test.tsx"];
  const rule = (files, patterns, ignores = []) => ({ files, ignores: [...tests, ...ignores], rules: { "no-restricted-imports": ["error", { patterns }] } });
  // The PayPal stand-in is a chunk of its own, loaded with import() only in PAYPAL_MODE=standin
  // (payments.server.ts `loadStandin`): a static import would ship and load it in every mode.
  const standin = {
    regex: "(^|/)standin(/|$)",
    message: "Nothing imports the PayPal stand-in (app/payments/standin/): it is loaded with import() only in PAYPAL_MODE=standin (loadStandin).",
  };
  const featuresUp = up(`layout|${pages}`, "Features do not import page frames, routes or the root: the page that composes them passes what they need.");
  return [
    rule(["app/ui/**"], [
      { regex: "^\\.\\./", message: "app/ui holds plain primitives: it imports nothing else of ours (pass data and parts in as props)." },
      { regex: "^~/(?!ui/)", message: "app/ui holds plain primitives: it imports nothing else of ours (pass data and parts in as props)." },
    ]),
    rule(["app/shared/**"], [
      { regex: "^\\.\\./", message: "app/shared holds rules every layer uses: it imports nothing else of ours." },
      { regex: "^~/(?!shared/)", message: "app/shared holds rules every layer uses: it imports nothing else of ours." },
    ]),
    rule(
      ["app/**"],
      [featuresUp, standin],
      ["app/ui/**", "app/shared/**", "app/layout/**", "app/routes/**", "app/root.tsx", "app/routes.ts", "app/entry.server.tsx", "app/payments/standin/**"],
    ),
    rule(["app/payments/standin/**"], [featuresUp]),
    rule(["app/layout/**"], [up(pages, "Page frames do not import routes or the root; the RootData type lives in layout/root-data.ts."), standin]),
    rule(["app/routes/**", "app/root.tsx", "app/routes.ts", "app/entry.server.tsx"], [standin]),
    rule(["server/**"], [up(`layout|${pages}`, "The server uses features (services), never page modules or frames."), standin]),
  ];
}

export default tseslint.config(
  { ignores: ["build/", ".react-router/", "data/", ".tmp/", "test-results/", "playwright-report/", "node_modules/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  jsxA11y.flatConfigs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_" }],
    },
  },
  // Imports run one way: routes → layout → features → shared/ui (docs/layers.md). Each block
  // names what its files may not reach; an import that runs back up fails the lint.
  ...layerRules(),
  {
    // Tests read whatever JSON the server answers.
    files: ["tests/**/*.ts", "**/*.test.ts"],
    rules: { "@typescript-eslint/no-explicit-any": "off", "@typescript-eslint/no-non-null-assertion": "off" },
  },
);
