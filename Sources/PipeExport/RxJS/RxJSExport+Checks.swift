/// The checked helpers `RxJSChecks` calls where JavaScript's operators agree with pipe's
/// only for some running values: each throws pipe's error (`typeError`, `divisionByZero`,
/// `overflow`) where pipe fails, and is declared once at the top of an export that calls it.
extension RxJSExport {
  /// The checked helpers, in the order they are declared.
  static let checked: [(name: String, text: String)] = [
    ("pipeField", pipeField),
    ("pipeAdd", pipeAdd),
    ("pipeSubtract", pipeSubtract),
    ("pipeMultiply", pipeMultiply),
    ("pipeDivide", pipeDivide),
    ("pipeRemainder", pipeRemainder),
    ("pipeArithmetic", pipeArithmetic),
    ("pipeNegate", pipeNegate),
    ("pipeCompare", pipeCompare),
    ("pipeEqual", pipeEqual),
    ("pipeBool", pipeBool),
    ("pipeDescribe", pipeDescribe),
  ]

  static let pipeField = """
    /** pipe's `record.key`: the field, or null where the record has none (JavaScript's undefined) and of null (JavaScript throws a TypeError); of another value typeError, as in pipe. */
    function pipeField(x: any, key: string): any {
      if (x === null || x === undefined) return null;
      if (typeof x !== 'object' || Array.isArray(x)) throw new PipeError('typeError', `cannot read field '${key}' of ${pipeDescribe(x)}`);
      return Object.prototype.hasOwnProperty.call(x, key) ? (x[key] ?? null) : null;
    }
    """

  static let pipeAdd = """
    /** pipe's `+`: two numbers, two strings or two lists; a string with another value fails with typeError, as in pipe (JavaScript's 'a' + 1 is 'a1'). */
    function pipeAdd(a: unknown, b: unknown): any {
      if (typeof a === 'string' && typeof b === 'string') return a + b;
      if (Array.isArray(a) && Array.isArray(b)) return [...a, ...b];
      if (typeof a === 'string' || typeof b === 'string') {
        throw new PipeError('typeError', `cannot apply '+' to ${pipeDescribe(a)} and ${pipeDescribe(b)}; to join text, convert with str(...)`);
      }
      return pipeArithmetic('+', a, b, (x, y) => x + y);
    }
    """

  static let pipeSubtract = """
    /** pipe's `-`: of two numbers, else typeError (JavaScript's 'a' - 1 is NaN); an int result beyond 2^53 fails with overflow. */
    function pipeSubtract(a: unknown, b: unknown): number {
      return pipeArithmetic('-', a, b, (x, y) => x - y);
    }
    """

  static let pipeMultiply = """
    /** pipe's `*`: of two numbers, else typeError (JavaScript's 'a' * 2 is NaN); an int result beyond 2^53 fails with overflow. */
    function pipeMultiply(a: unknown, b: unknown): number {
      return pipeArithmetic('*', a, b, (x, y) => x * y);
    }
    """

  static let pipeDivide = """
    /** pipe's `/`: by 0 it fails with divisionByZero (JavaScript's 1 / 0 is Infinity, 0 / 0 NaN). */
    function pipeDivide(a: unknown, b: unknown): number {
      return pipeArithmetic('/', a, b, (x, y) => x / y);
    }
    """

  static let pipeRemainder = """
    /** pipe's `%`: by 0 it fails with divisionByZero (JavaScript's 1 % 0 is NaN). */
    function pipeRemainder(a: unknown, b: unknown): number {
      return pipeArithmetic('%', a, b, (x, y) => x % y);
    }
    """

  static let pipeArithmetic = """
    /**
     * pipe's arithmetic on two numbers, else typeError; by 0, `/` and `%` fail with divisionByZero.
     * JavaScript has one number type where pipe has ints (64 bits) and doubles: of two integers,
     * a result that is not a safe integer fails with overflow, where pipe's ints overflow beyond
     * 2^63. So between 2^53 and 2^63 this fails where pipe computes, and a double that holds an
     * integer (2.0) is taken for an int; an int's -0 is 0, as in pipe.
     */
    function pipeArithmetic(op: string, a: unknown, b: unknown, apply: (x: number, y: number) => number): number {
      if (typeof a !== 'number' || typeof b !== 'number') {
        throw new PipeError('typeError', `cannot apply '${op}' to ${pipeDescribe(a)} and ${pipeDescribe(b)}`);
      }
      if ((op === '/' || op === '%') && b === 0) throw new PipeError('divisionByZero', `${literal(a)} ${op} 0: division by zero`);
      const result = apply(a, b);
      if (!Number.isInteger(a) || !Number.isInteger(b)) return result;
      if (Number.isInteger(result) && !Number.isSafeInteger(result)) {
        throw new PipeError('overflow', `'${op}' on ${a} and ${b} overflows an int`);
      }
      return result + 0;
    }
    """

  static let pipeNegate = """
    /** pipe's `-x`: of a number, else typeError (JavaScript's -'a' is NaN); an int's -0 is 0. */
    function pipeNegate(x: unknown): number {
      if (typeof x !== 'number') throw new PipeError('typeError', `cannot apply '-' to ${pipeDescribe(x)}`);
      return x === 0 ? 0 : -x;
    }
    """

  static let pipeCompare = """
    /** pipe's `<`, `<=`, `>`, `>=`: of two numbers or two strings, else typeError (JavaScript's 'a' < 1 is false). */
    function pipeCompare(a: any, op: '<' | '<=' | '>' | '>=', b: any): boolean {
      const same = (typeof a === 'number' && typeof b === 'number') || (typeof a === 'string' && typeof b === 'string');
      if (!same) throw new PipeError('typeError', `cannot apply '${op}' to ${pipeDescribe(a)} and ${pipeDescribe(b)}`);
      return op === '<' ? a < b : op === '<=' ? a <= b : op === '>' ? a > b : a >= b;
    }
    """

  static let pipeEqual = """
    /** pipe's `==`: numbers by value, lists and records by their items (JavaScript's [1] === [1] is false), a missing field as null. */
    function pipeEqual(a: any, b: any): boolean {
      if ((a ?? null) === (b ?? null)) return true;
      if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => pipeEqual(x, b[i]));
      if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) || Array.isArray(b)) return false;
      const keys = Object.keys(a);
      return keys.length === Object.keys(b).length && keys.every((k) => Object.prototype.hasOwnProperty.call(b, k) && pipeEqual(a[k], b[k]));
    }
    """

  static let pipeBool = """
    /** A bool where pipe needs one (`role`: '&&', '? :'; a condition of filter without), else typeError (JavaScript takes 1 and 'a' as true). */
    function pipeBool(x: unknown, role?: string): boolean {
      if (typeof x === 'boolean') return x;
      throw new PipeError('typeError', role ? `'${role}' needs a bool, not ${pipeDescribe(x)}` : `expected a bool (true or false), found ${pipeDescribe(x)}`);
    }
    """

  static let pipeDescribe = """
    /** A value as pipe's errors name it: `int 5`, `string "abc"`, `null`. */
    function pipeDescribe(x: unknown): string {
      if (x === null || x === undefined) return 'null';
      const type =
        typeof x === 'number' ? (Number.isInteger(x) ? 'int' : 'double')
        : typeof x === 'string' ? 'string'
        : typeof x === 'boolean' ? 'bool'
        : Array.isArray(x) ? 'list' : 'record';
      const shown = literal(x);
      return `${type} ${shown.length > 24 ? shown.slice(0, 21) + '...' : shown}`;
    }
    """
}
