// Seats as every board names them: the teacher's view (no one seat), the seat the board plays for.

/** Whether `view` is the teacher's view, which belongs to no one seat. */
export const isTeacher = (view) => view.seat === null || view.seat === undefined;

/** The seat whose moves the board may make: the viewing seat, or the seat to move in the teacher's view. */
export function actingSeat(view) {
  return isTeacher(view) ? view.turn : view.seat;
}

/** A seat's name on its table or map: "(you)" only for a human seat seen from its own board. */
export function seatName(view, seat) {
  const policy = (view.players || [])[seat] || "";
  const mine = !isTeacher(view) && seat === view.seat;
  return `Seat ${seat} · ${policy}${mine ? (policy === "human" ? " (you)" : " (this view)") : ""}`;
}
