import { Link } from "react-router";

export interface HeaderViewer {
  email: string | null;
  isAdmin: boolean;
}

const anchors = [
  ["Homes", "/#home"],
  ["Services", "/#services"],
  ["About Us", "/#about"],
  ["Pricing", "/#pricing"],
  ["Testimonial", "/#testimonial"],
  ["Contact Us", "/#contact"],
] as const;

/**
 * The site header of the spec: anchor links, Dashboard (signed in) or Log in, and Admin only
 * when the server says the signed-in person is an admin.
 */
export function SiteHeader({ viewer, logo }: { viewer: HeaderViewer; logo?: { src: string; alt: string } }) {
  return (
    <header className="border-b border-gray-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-3">
        <Link to="/" className="flex items-center gap-2 text-xl font-bold text-brand-700">
          {logo ? <img src={logo.src} alt={logo.alt} width={140} height={40} className="h-10 w-auto" /> : "Rankwell"}
        </Link>
        <nav aria-label="Main" className="order-3 w-full overflow-x-auto md:order-none md:w-auto">
          <ul className="flex gap-4 text-sm font-medium text-gray-800">
            {anchors.map(([label, href]) => (
              <li key={href}>
                <a href={href} className="whitespace-nowrap hover:text-brand-700">
                  {label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex items-center gap-2">
          {viewer.isAdmin && (
            <Link to="/admin" className="rounded-md border border-brand-700 px-3 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50">
              Admin
            </Link>
          )}
          {viewer.email ? (
            <Link to="/dashboard" className="rounded-md bg-brand-700 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-800">
              Dashboard
            </Link>
          ) : (
            <Link to="/login" className="rounded-md bg-brand-700 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-800">
              Log in
            </Link>
          )}
        </div>
      </div>
    </header>
  );
}
