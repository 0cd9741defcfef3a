import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

/** The lint rule of docs/layers.md: an import that runs back up the layers fails. */
const eslint = new ESLint();
const restricted = async (filePath: string, code: string) => {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((m) => m.ruleId === "no-restricted-imports").length;
};

describe("layers", () => {
  it("refuses imports that run back up", async () => {
    expect(await restricted("app/ui/x.tsx", 'import { SITE_NAME } from "../site/seo.ts";\nexport const x = SITE_NAME;\n')).toBe(1);
    expect(await restricted("app/ui/x.tsx", 'import { SITE_NAME } from "~/site/seo.ts";\nexport const x = SITE_NAME;\n')).toBe(1);
    expect(await restricted("app/content/x.ts", 'import { Page } from "../layout/page.tsx";\nexport const x = Page;\n')).toBe(1);
    expect(await restricted("app/site/blocks/x.ts", 'import type { Route } from "~/routes/site/+types/home";\nexport type X = Route.ComponentProps;\n')).toBe(1);
    expect(await restricted("app/layout/x.ts", 'import { loader } from "../root.tsx";\nexport const x = loader;\n')).toBe(1);
    expect(await restricted("server/x.ts", 'import { Page } from "~/layout/page.tsx";\nexport const x = Page;\n')).toBe(1);
    expect(await restricted("app/shared/x.ts", 'import { AppError } from "../errors.ts";\nexport const x = AppError;\n')).toBe(1);
  });

  it("refuses a static import of the PayPal stand-in anywhere else; import() is how it loads", async () => {
    const router = 'import { standinRouter } from "%s";\nexport const x = standinRouter;\n';
    expect(await restricted("app/payments/x.ts", router.replace("%s", "./standin/standin.server.ts"))).toBe(1);
    expect(await restricted("app/payments/paypal-rest/x.ts", router.replace("%s", "../standin/standin.server.ts"))).toBe(1);
    expect(await restricted("server/x.ts", router.replace("%s", "~/payments/standin/standin.server.ts"))).toBe(1);
    expect(await restricted("app/routes/x.tsx", router.replace("%s", "~/payments/standin/standin.server.ts"))).toBe(1);
    expect(await restricted("app/layout/x.tsx", router.replace("%s", "../payments/standin/standin.server.ts"))).toBe(1);
    expect(await restricted("app/payments/x.ts", 'export const load = () => import("./standin/standin.server.ts");\n')).toBe(0);
    expect(await restricted("app/payments/standin/x.ts", 'import { createSimulator } from "./simulator.ts";\nexport const x = createSimulator;\n')).toBe(0);
  });

  it("allows imports that run down", async () => {
    expect(await restricted("app/routes/site/x.tsx", 'import { Page } from "~/layout/page.tsx";\nexport const x = Page;\n')).toBe(0);
    expect(await restricted("app/layout/x.tsx", 'import { Button } from "../ui/button.tsx";\nexport const x = Button;\n')).toBe(0);
    expect(await restricted("app/content/x.ts", 'import { shortDate } from "../shared/dates.ts";\nexport const x = shortDate;\n')).toBe(0);
    expect(await restricted("app/ui/x.tsx", 'import { Field } from "./field.tsx";\nexport const x = Field;\n')).toBe(0);
  });
});
