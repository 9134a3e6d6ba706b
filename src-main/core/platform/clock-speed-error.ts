/** A clock speed out of the app clock's range (the API says why in both languages). */
export class ClockSpeedError extends RangeError {
  override readonly name = 'ClockSpeedError';

  constructor(
    readonly speed: number,
    readonly minSpeed: number,
    readonly maxSpeed: number,
  ) {
    super(`clock speed must be between ${minSpeed}× and ${maxSpeed}×, got ${speed}`);
  }
}
