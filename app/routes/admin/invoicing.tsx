import { Form, useActionData, useNavigation } from "react-router";
import { auditActor } from "~/audit/audit.server.ts";
import { viewerContext } from "~/auth/viewer.server.ts";
import { formValues, guardForm } from "~/forms.server.ts";
import { documentNumber } from "~/invoices/numbering.server.ts";
import { getSeller, saveSeller } from "~/invoices/seller.server.ts";
import type { AdminHandle } from "~/layout/admin-frame.tsx";
import { requestContext } from "~/services.server.ts";
import { Button } from "~/ui/button.tsx";
import { Field } from "~/ui/field.tsx";
import { StatusMessage } from "~/ui/status.tsx";
import type { Route } from "./+types/invoicing";

export const handle: AdminHandle = { crumb: "Invoicing" };

export const meta: Route.MetaFunction = () => [{ title: "Invoicing | Rankwell admin" }, { name: "robots", content: "noindex" }];

/**
 * The seller's details every invoice and credit note prints (legal name, address, tax or VAT
 * number, footer) and the prefix of their numbers. Admins only; each save is audited. Documents
 * already issued keep the details they were issued with.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { services } = context.get(requestContext);
  const seller = await getSeller(services.db);
  return { seller, example: { invoice: documentNumber(seller.prefix, "invoice", 42), creditNote: documentNumber(seller.prefix, "credit-note", 7) } };
}

export async function action({ context, request }: Route.ActionArgs) {
  const values = await formValues(request);
  return guardForm(values, async () => {
    const { services } = context.get(requestContext);
    await saveSeller(services.db, auditActor(context.get(viewerContext)), values);
    return { ok: true as const, message: "Invoice details saved. Documents issued from now on show them." };
  });
}

export default function Invoicing({ loaderData }: Route.ComponentProps) {
  const { seller, example } = loaderData;
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const failed = result && !result.ok ? result : undefined;
  const errors = failed?.fields ?? {};
  const value = (name: keyof typeof seller) => (failed?.values[name] as string | undefined) ?? String(seller[name]);
  return (
    <div className="max-w-2xl">
      <h1 className="mb-2 text-3xl font-bold">Invoicing</h1>
      <p className="mb-6 text-gray-800">
        Every paid order gets an invoice, and a full refund a credit note, numbered without gaps (for example {example.invoice} and {example.creditNote}). They
        show the details below as they are when they are issued.
      </p>
      {!seller.set && <StatusMessage kind="error">The seller's details are not set yet: invoices issued now would show no legal name or address.</StatusMessage>}
      {result?.ok && <StatusMessage kind="success">{result.message}</StatusMessage>}
      {failed && <StatusMessage kind="error">{failed.error}</StatusMessage>}
      <Form method="post" noValidate>
        <Field label="Legal name" name="legalName" defaultValue={value("legalName")} maxLength={200} error={errors.legalName} required autoComplete="organization" />
        <Field label="Address" name="address" multiline defaultValue={value("address")} maxLength={500} error={errors.address} required />
        <Field label="Tax or VAT number" name="taxId" defaultValue={value("taxId")} maxLength={50} error={errors.taxId} />
        <Field label="Invoice footer" name="footer" multiline defaultValue={value("footer")} maxLength={500} error={errors.footer} hint="Payment terms, bank details, a registration number: printed at the foot of every document." />
        <Field label="Number prefix" name="prefix" defaultValue={value("prefix")} maxLength={12} error={errors.prefix} required hint="Letters, digits, - and /. Put before every number; numbers themselves never restart." />
        <Button disabled={busy} className="min-h-11">
          Save
        </Button>
      </Form>
    </div>
  );
}
