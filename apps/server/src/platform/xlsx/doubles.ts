/** A Float64Array that grows as values are pushed. */
export class Doubles {
  values: Float64Array;
  length = 0;
  constructor(capacity = 1 << 12) {
    this.values = new Float64Array(capacity);
  }
  push(value: number) {
    if (this.length === this.values.length) {
      const bigger = new Float64Array(this.values.length * 2);
      bigger.set(this.values);
      this.values = bigger;
    }
    this.values[this.length++] = value;
  }
  append(values: Float64Array) {
    while (this.length + values.length > this.values.length) {
      const bigger = new Float64Array(this.values.length * 2);
      bigger.set(this.values.subarray(0, this.length));
      this.values = bigger;
    }
    this.values.set(values, this.length);
    this.length += values.length;
  }
  /** The pushed values in a buffer of their own, to transfer. */
  take(): ArrayBuffer {
    return this.values.slice(0, this.length).buffer;
  }
}
