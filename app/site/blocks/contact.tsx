import type { SiteChrome } from "../chrome.ts";
import { telHref } from "../display.ts";
import { Heading, IconItem, Img, type R, Section } from "./primitives.tsx";

/**
 * Phone, email and location (the office address), the contact details, and the message form,
 * which the page that composes the block hands in (content blocks import no other feature).
 */
export function Contact({ address, details, form }: { address?: SiteChrome["footerAddress"]; details: R<"contacts">[]; form: React.ReactNode }) {
  return (
    <Section id="contact" heading="contact">
      <Heading id="contact" eyebrow="Contact Us" title="Talk to an SEO specialist" />
      <div className="grid gap-10 lg:grid-cols-5">
        <div className="lg:col-span-2">
          {address && (
            <dl className="space-y-5">
              <div>
                <dt className="text-sm font-bold uppercase tracking-wider text-gray-700">Phone</dt>
                <dd className="mt-1 text-lg font-semibold">
                  <a href={telHref(address.phoneNumber)} className="text-brand-700 underline-offset-2 hover:underline">
                    {address.phoneNumber}
                  </a>
                </dd>
              </div>
              <div>
                <dt className="text-sm font-bold uppercase tracking-wider text-gray-700">Email</dt>
                <dd className="mt-1 break-all text-lg font-semibold">
                  <a href={`mailto:${address.emailAddress}`} className="text-brand-700 underline-offset-2 hover:underline">
                    {address.emailAddress}
                  </a>
                </dd>
              </div>
              <div>
                <dt className="text-sm font-bold uppercase tracking-wider text-gray-700">Location</dt>
                <dd className="mt-1 text-lg font-semibold text-ink">{address.location}</dd>
              </div>
            </dl>
          )}
          {details.length > 0 && (
            <ul className="mt-8 space-y-4">
              {details.map((d) => (
                <IconItem
                  key={d._id}
                  look="card"
                  icon={<Img src={d.contactImg} image={d._images?.contactImg} alt="" width={48} height={48} className="h-12 w-12 flex-none" />}
                  title={d.contactTitle}
                  text={d.contactDetails}
                />
              ))}
            </ul>
          )}
        </div>
        <div className="rounded-2xl border border-gray-200 p-6 shadow-sm lg:col-span-3">
          <h3 className="mb-4 text-2xl font-bold text-ink">Send us a message</h3>
          {form}
        </div>
      </div>
    </Section>
  );
}
