/** The current time, injectable so tests can move it. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();
