/** The shape of a catalogue with every leaf a string: an en catalogue typed so must have every ru key. */
export type Catalogue<T> = { [K in keyof T]: T[K] extends string ? string : Catalogue<T[K]> };
