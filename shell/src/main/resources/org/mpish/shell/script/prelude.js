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
  // The arguments are named parameters and only the surplus is gathered (an empty array when there is none):
  // gathering them all into one array cost the interpreter about a tenth of a call (A/B, session 7).
  const wrap = [
    (fn) => (...more) => more.length > 0 ? fn.tooMany(more.length) : fn.call0(),
    (fn) => (a, ...more) => more.length > 0 ? fn.tooMany(1 + more.length) : fn.call1(a),
    (fn) => (a, b, ...more) => more.length > 0 ? fn.tooMany(2 + more.length) : fn.call2(a, b),
    (fn) => (a, b, c, ...more) => more.length > 0 ? fn.tooMany(3 + more.length) : fn.call3(a, b, c),
    (fn) => (a, b, c, d, ...more) => more.length > 0 ? fn.tooMany(4 + more.length) : fn.call4(a, b, c, d),
    (fn) => (a, b, c, d, e, ...more) => more.length > 0 ? fn.tooMany(5 + more.length) : fn.call5(a, b, c, d, e),
    (fn) => (a, b, c, d, e, f, ...more) => more.length > 0 ? fn.tooMany(6 + more.length) : fn.call6(a, b, c, d, e, f),
    (fn) => (a, b, c, d, e, f, g, ...more) => more.length > 0 ? fn.tooMany(7 + more.length)
        : fn.call7(a, b, c, d, e, f, g),
    (fn) => (a, b, c, d, e, f, g, h, ...more) => more.length > 0 ? fn.tooMany(8 + more.length)
        : fn.call8(a, b, c, d, e, f, g, h),
    (fn) => (a, b, c, d, e, f, g, h, i, ...more) => more.length > 0 ? fn.tooMany(9 + more.length)
        : fn.call9(a, b, c, d, e, f, g, h, i),
    (fn) => (a, b, c, d, e, f, g, h, i, j, ...more) => more.length > 0 ? fn.tooMany(10 + more.length)
        : fn.call10(a, b, c, d, e, f, g, h, i, j),
    (fn) => (a, b, c, d, e, f, g, h, i, j, k, ...more) => more.length > 0 ? fn.tooMany(11 + more.length)
        : fn.call11(a, b, c, d, e, f, g, h, i, j, k),
    (fn) => (a, b, c, d, e, f, g, h, i, j, k, l, ...more) => more.length > 0 ? fn.tooMany(12 + more.length)
        : fn.call12(a, b, c, d, e, f, g, h, i, j, k, l)];
  // Members appear on first use: a missing one is looked up through the prototype, a proxy that asks the host
  // and defines it on the object as a read-only data property, so making the objects costs nothing at start-up
  // and later uses are plain property loads (defining all 650 members up front cost a third of a start-up).
  // Listing still shows every member: for-in walks the prototype, whose keys are the members not yet defined,
  // and Object.keys and the other functions that list own properties first define them all (see below).
  // Written with plain loops and no Map, split or spread until something is listed: each of those would wake
  // engine code that every start-up would then pay for.
  const hasOwn = Object.prototype.hasOwnProperty;
  const api = (name, host, arityOf, keyList) => {
    const o = {};
    let keys = null;
    const names = () => keys !== null ? keys : (keys = keyList.split(','));
    const define = (k) => {
      const n = arityOf(k);
      const v = n >= 0 ? wrap[n](host(k)) : host(k);
      Object.defineProperty(o, k, {value: v, writable: false, enumerable: true, configurable: false});
      return v;
    };
    const lookup = new Proxy({}, {
      get(t, k) { return typeof k === 'string' && arityOf(k) >= -1 ? define(k) : undefined; },
      has(t, k) { return typeof k === 'string' && arityOf(k) >= -1; },
      set(t, k) { throw new TypeError(name + '.' + String(k) + ' cannot be assigned'); },
      ownKeys(t) { return names().filter(k => !hasOwn.call(o, k)); },
      getOwnPropertyDescriptor(t, k) {
        return typeof k === 'string' && arityOf(k) >= -1 && !hasOwn.call(o, k)
          ? {value: undefined, writable: false, enumerable: true, configurable: true} : undefined;
      }
    });
    Object.setPrototypeOf(o, lookup);
    return [o, () => { const ks = names(); for (let i = 0; i < ks.length; i++) if (!hasOwn.call(o, ks[i])) define(ks[i]); }];
  };
  const mpiApi = api('MPI', g.__mpi, g.__mpiArity, g.__mpiKeys), lapiApi = api('LAPI', g.__lapi, g.__lapiArity, g.__lapiKeys);
  const mpi = mpiApi[0], defineAllMpi = mpiApi[1], lapi = lapiApi[0], defineAllLapi = lapiApi[1];
  g.MPI = mpi;
  g.LAPI = lapi;
  delete g.__mpi; delete g.__mpiArity; delete g.__mpiKeys; delete g.__lapi; delete g.__lapiArity; delete g.__lapiKeys;
  // The functions that list an object's own properties define every member of MPI or LAPI first: a comparison
  // or two for any other object. Each stays a non-enumerable method with its name and length.
  const listingOf = (x) => { if (x === mpi) defineAllMpi(); else if (x === lapi) defineAllLapi(); };
  const replace = (holder, f) => Object.defineProperty(holder, f.name, {value: f, writable: true, enumerable: false, configurable: true});
  const keys = Object.keys, values = Object.values, entries = Object.entries, getOwnPropertyNames = Object.getOwnPropertyNames,
        getOwnPropertyDescriptors = Object.getOwnPropertyDescriptors, ownKeys = Reflect.ownKeys;
  replace(Object, {keys(x) { listingOf(x); return keys(x); }}.keys);
  replace(Object, {values(x) { listingOf(x); return values(x); }}.values);
  replace(Object, {entries(x) { listingOf(x); return entries(x); }}.entries);
  replace(Object, {getOwnPropertyNames(x) { listingOf(x); return getOwnPropertyNames(x); }}.getOwnPropertyNames);
  replace(Object, {getOwnPropertyDescriptors(x) { listingOf(x); return getOwnPropertyDescriptors(x); }}.getOwnPropertyDescriptors);
  replace(Reflect, {ownKeys(x) { listingOf(x); return ownKeys(x); }}.ownKeys);
  return [(c, k, m, call, r) => new MPIError(c, k, m, call, r),
          (c, m, call, r) => new LAPIError(c, m, call, r),
          (m) => new TypeError(m), (m) => new RangeError(m),
          (...a) => a,
          (k, v) => { const o = {}; for (let i = 0; i < k.length; i++) o[k[i]] = v[i]; return o; },
          undefined,
          (m) => new Error(m)];
})(globalThis)
