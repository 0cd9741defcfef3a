import { data } from "react-router";
import { AppError } from "../errors.ts";

/**
 * For loaders: runs a service call and turns its AppError (404 no such order, 409 ...) into the
 * page's error response, which the root error boundary shows with the message.
 */
export async function orPageError<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof AppError) throw data({ message: error.message }, { status: error.status });
    throw error;
  }
}
