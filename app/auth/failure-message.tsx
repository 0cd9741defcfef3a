import { Link, useLocation } from "react-router";
import { StatusMessage } from "../ui/status.tsx";
import { CONFIRM_FIRST, confirmPath } from "./confirmation.ts";

/**
 * A form's failure, as every page shows it; when the action needs a recent confirmation
 * (auth/confirmation.ts), with the link to confirm and come back to this page.
 */
export function FailureMessage({ error }: { error: string | undefined }) {
  const { pathname, search } = useLocation();
  if (!error) return null;
  return (
    <StatusMessage kind="error">
      {error}
      {error === CONFIRM_FIRST && (
        <>
          {" "}
          <Link to={confirmPath(`${pathname}${search}`)} className="underline">
            Confirm it is you
          </Link>
        </>
      )}
    </StatusMessage>
  );
}
