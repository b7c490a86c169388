/** A form's refusal sent back without JavaScript (the route's action), under its buttons. */
export function RefusalNote({ message }: { message: string | undefined }) {
  return message ? (
    <p role="alert" className="basis-full rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
      {message}
    </p>
  ) : null;
}
