/** Printed alone, without "Error: " or a trace (2.6's `TerseReassignmentFailureException`). */
export class TerseReassignmentFailure extends Error {}
