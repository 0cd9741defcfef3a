import { data } from "react-router";

/** Unknown paths: the root error boundary shows the friendly 404 page. */
export function loader() {
  throw data({ message: "Page not found" }, { status: 404 });
}

export default function NotFound() {
  return null;
}
