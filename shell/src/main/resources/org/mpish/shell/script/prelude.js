// mpish: the JavaScript half of every rank's globals (JsGlobals is the Java half). Evaluated once per context,
// as internal code, so errors the bindings throw point at the script line that called them. It takes the host
// functions JsGlobals left on the global object (names starting with __), removes them, and returns the
// factories JsValues uses to make script values, in the order its constructor reads them.
(function (g) {
  class MPIError extends Error {
    constructor(code, errorClass, message, call, rank) {
      super(message); this.name = 'MPIError';
      this.code = code; this.errorClass = errorClass; this.call = call; this.rank = rank;
    }
  }
  class LAPIError extends Error {
    constructor(code, message, call, rank) {
      super(message); this.name = 'LAPIError';
      this.code = code; this.call = call; this.rank = rank;
    }
  }
  g.MPIError = MPIError;
  g.LAPIError = LAPIError;
  const hostShow = g.__show, out = g.__out;
  delete g.__show; delete g.__out;
  const inspect = (x, depth) => {
    if (typeof x === 'string') return depth ? JSON.stringify(x) : x;
    if (x === null || x === undefined || typeof x !== 'object' && typeof x !== 'function') return String(x);
    const host = hostShow(x);
    if (host !== null) return host;
    if (typeof x === 'function') return '[Function' + (x.name ? ': ' + x.name : '') + ']';
    if (x instanceof Error) return String(x);
    if (depth > 3) return Array.isArray(x) ? '[...]' : '{...}';
    if (Array.isArray(x)) return '[' + x.map(e => inspect(e, depth + 1)).join(', ') + ']';
    const keys = Object.keys(x);
    return '{' + keys.map(k => k + ': ' + inspect(x[k], depth + 1)).join(', ') + '}';
  };
  const show = (x) => inspect(x, 0);
  g.print = (...a) => { out(a.map(show).join(' ')); };
  g.console = { log: g.print, info: g.print, warn: g.print, error: g.print };
  // MPI and LAPI are plain script objects (so the engine's property caches apply to MPI.Send etc.); a call
  // becomes a function that passes exactly as many arguments as the call takes.
  const wrap = [
    (f) => (...a) => a.length > 0 ? f.tooMany(a.length) : f.call0(),
    (f) => (...a) => a.length > 1 ? f.tooMany(a.length) : f.call1(a[0]),
    (f) => (...a) => a.length > 2 ? f.tooMany(a.length) : f.call2(a[0], a[1]),
    (f) => (...a) => a.length > 3 ? f.tooMany(a.length) : f.call3(a[0], a[1], a[2]),
    (f) => (...a) => a.length > 4 ? f.tooMany(a.length) : f.call4(a[0], a[1], a[2], a[3]),
    (f) => (...a) => a.length > 5 ? f.tooMany(a.length) : f.call5(a[0], a[1], a[2], a[3], a[4]),
    (f) => (...a) => a.length > 6 ? f.tooMany(a.length) : f.call6(a[0], a[1], a[2], a[3], a[4], a[5]),
    (f) => (...a) => a.length > 7 ? f.tooMany(a.length) : f.call7(a[0], a[1], a[2], a[3], a[4], a[5], a[6]),
    (f) => (...a) => a.length > 8 ? f.tooMany(a.length) : f.call8(a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7]),
    (f) => (...a) => a.length > 9 ? f.tooMany(a.length) : f.call9(a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8]),
    (f) => (...a) => a.length > 10 ? f.tooMany(a.length)
        : f.call10(a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8], a[9]),
    (f) => (...a) => a.length > 11 ? f.tooMany(a.length)
        : f.call11(a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8], a[9], a[10]),
    (f) => (...a) => a.length > 12 ? f.tooMany(a.length)
        : f.call12(a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8], a[9], a[10], a[11])];
  // Members appear on first use: a missing one is looked up through the prototype, a proxy that asks
  // the host and defines it on the object, so making the objects costs nothing at start-up.
  const api = (name, host, arityOf) => {
    const o = {};
    const lookup = new Proxy({}, {
      get(t, k) {
        if (typeof k !== 'string') return undefined;
        const n = arityOf(k);
        if (n < -1) return undefined;
        const v = n >= 0 ? wrap[n](host(k)) : host(k);
        Object.defineProperty(o, k, {value: v, writable: false, enumerable: true, configurable: false});
        return v;
      },
      has(t, k) { return typeof k === 'string' && arityOf(k) >= -1; },
      set(t, k) { throw new TypeError(name + '.' + String(k) + ' cannot be assigned'); }
    });
    Object.setPrototypeOf(o, lookup);
    return o;
  };
  g.MPI = api('MPI', g.__mpi, g.__mpiArity);
  g.LAPI = api('LAPI', g.__lapi, g.__lapiArity);
  delete g.__mpi; delete g.__mpiArity; delete g.__lapi; delete g.__lapiArity;
  return [(c, k, m, call, r) => new MPIError(c, k, m, call, r),
          (c, m, call, r) => new LAPIError(c, m, call, r),
          (m) => new TypeError(m), (m) => new RangeError(m),
          (...a) => a,
          (k, v) => { const o = {}; for (let i = 0; i < k.length; i++) o[k[i]] = v[i]; return o; },
          undefined,
          (m) => new Error(m)];
})(globalThis)
