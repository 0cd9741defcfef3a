import { Link } from "react-router";

/** A line holding one link onward or back ("Back to all orders"), in the site's link style. */
export function LinkLine({ to, children, className = "mt-6" }: { to: string; children: React.ReactNode; className?: string }) {
  return (
    <p className={className}>
      <Link to={to} className="font-semibold text-brand-700 underline">
        {children}
      </Link>
    </p>
  );
}
