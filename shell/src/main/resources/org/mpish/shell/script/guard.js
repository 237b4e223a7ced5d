// mpish: the guard of a context kept for more runs of one script (KeptContext, mpish explore). Evaluated once,
// as internal code, in a fresh context before mpish's globals are installed.
// It freezes every built-in object a script can reach (everything reachable from the global object through
// property values, accessors and prototypes, plus the intrinsics only reachable by calling: iterator, generator
// and async function prototypes), so no run can change one. A few properties stay as they are, because mpish's
// own globals or ordinary scripts assign or replace them (Object.keys and its kin, which the prelude replaces;
// the name and message of the error prototypes, which an error class sets with this.name = ...): those are put
// back after every run. After a run, reset puts the global object back (every global the context started with
// gets its original property again, every other global, mpish's and the script's, is deleted) and resets the
// legacy RegExp statics (RegExp.$1..., realm state rather than properties). A run that left something reset
// cannot undo (a global made non-configurable, the global object's prototype changed) fails, and the context is
// not used again. The guard calls only functions it captured here and reads only arrays it filled itself, so a
// script cannot steer it; anything that throws counts as a failed reset.
// Which scripts run in a kept context is decided before (ReuseGate): freezing changes what a script that changes
// built-ins sees, so such a script gets fresh contexts; the freezing is what keeps a run's changes from reaching
// the next one even if that decision is wrong.
(function (g) {
  const ownKeys = Reflect.ownKeys, gopd = Reflect.getOwnPropertyDescriptor, gpo = Reflect.getPrototypeOf,
        isExt = Reflect.isExtensible, del = Reflect.deleteProperty, define = Reflect.defineProperty,
        preventExtensions = Reflect.preventExtensions, evalGlobal = g.eval, exec = RegExp.prototype.exec,
        apply = Reflect.apply, is = Object.is, freeze = Object.freeze;
  // properties left writable and put back after each run: [object, key, descriptor]
  const kept = [];
  const keep = (o, k) => { const d = gopd(o, k); if (d !== undefined) kept[kept.length] = [o, k, d]; };
  // the built-in methods the prelude replaces by its own (so that listing MPI defines all its members)
  for (const k of ['keys', 'values', 'entries', 'getOwnPropertyNames', 'getOwnPropertyDescriptors']) keep(Object, k);
  keep(Reflect, 'ownKeys');
  // the globals mpish's prelude replaces by its own
  keep(g, 'print');
  keep(g, 'console');
  for (const E of [Error, TypeError, RangeError, SyntaxError, ReferenceError, EvalError, URIError,
                   typeof AggregateError === 'function' ? AggregateError : Error]) {
    keep(E.prototype, 'name');
    keep(E.prototype, 'message');
  }
  const keptOn = new Map();
  for (let i = 0; i < kept.length; i++) {
    if (!keptOn.has(kept[i][0])) keptOn.set(kept[i][0], []);
    keptOn.get(kept[i][0]).push(kept[i][1]);
  }
  const isKept = (ks, k) => {
    for (let i = 0; i < ks.length; i++) if (ks[i] === k) return true;
    return false;
  };
  // what could run code after the run that set it up, in a later run: a finalization registry's cleanup
  // callback, a pending Atomics.waitAsync; scripts that name them get fresh contexts (ReuseGate)
  del(g, 'FinalizationRegistry');
  if (typeof Atomics === 'object') del(Atomics, 'waitAsync');
  const statics = ['$1', '$2', '$3', '$4', '$5', '$6', '$7', '$8', '$9', 'input', 'lastMatch', 'lastParen',
                   'leftContext', 'rightContext', '$_', '$&', '$+', '$`', "$'"];
  const readStatics = () => {
    const v = [];
    for (let i = 0; i < statics.length; i++) {
      const d = gopd(RegExp, statics[i]);
      v[i] = d === undefined ? undefined : d.get !== undefined ? apply(d.get, RegExp, []) : d.value;
    }
    return v;
  };
  const empty = /(?:)/;
  const cleanStatics = readStatics();
  const roots = [g];
  const protoOf = (f) => { try { roots[roots.length] = gpo(f()); } catch (e) { /* not in this engine */ } };
  protoOf(() => [][Symbol.iterator]());
  protoOf(() => ''[Symbol.iterator]());
  protoOf(() => new Map()[Symbol.iterator]());
  protoOf(() => new Set()[Symbol.iterator]());
  protoOf(() => /a/[Symbol.matchAll](''));
  protoOf(() => (function* () {})());
  protoOf(() => (async function* () {})());
  protoOf(() => function* () {});
  protoOf(() => async function () {});
  protoOf(() => async function* () {});
  protoOf(() => Iterator.from({next() { return {done: true}; }}));
  protoOf(() => [].values().map(x => x));
  protoOf(() => new Intl.Segmenter().segment('')[Symbol.iterator]());
  protoOf(() => new Intl.Segmenter().segment(''));
  protoOf(() => { try { null.x; } catch (e) { return e; } });
  protoOf(() => (function () { 'use strict'; return gopd(arguments, 'callee').get; })());

  const globalKeys = ownKeys(g);
  const known = new Set();
  for (let i = 0; i < globalKeys.length; i++) known.add(globalKeys[i]);
  const globalProto = gpo(g);

  // The freezing. Methods' names that a script assigning to (o.push = ...) would now fail to set on its own
  // object (a frozen method up its prototype chain shadows nothing but refuses the assignment) are collected
  // for ReuseGate: a script that assigns to a member of one of these names gets fresh contexts.
  const methodNames = new Set();
  const seen = new Set(), todo = [];
  for (let i = 0; i < roots.length; i++) todo[todo.length] = roots[i];
  while (todo.length > 0) {
    const o = todo.pop();
    if (seen.has(o)) continue;
    seen.add(o);
    const keys = ownKeys(o), keptHere = keptOn.get(o);
    for (let i = 0; i < keys.length; i++) {
      const k = keys[i], d = gopd(o, k);
      const refs = [d.value, d.get, d.set];
      for (let j = 0; j < 3; j++) {
        const v = refs[j];
        if (v !== null && (typeof v === 'object' || typeof v === 'function')) todo[todo.length] = v;
      }
      // the global object's own properties too (so a run cannot replace Array for the next), not the object:
      // mpish's globals are added to it for every run, and deleted after
      if (keptHere !== undefined && isKept(keptHere, k)) continue;
      const data = d.get === undefined && d.set === undefined;
      if (data && d.writable && typeof k === 'string' && typeof d.value === 'function') methodNames.add(k);
      // one property at a time only where some stay writable (the global object stays extensible too)
      if ((o === g || keptHere !== undefined) && !define(o, k, data ? {configurable: false, writable: false} : {configurable: false})) {
        throw new Error('cannot freeze ' + String(k));
      }
    }
    const p = gpo(o);
    if (p !== null) todo[todo.length] = p;
    if (o !== g && keptHere === undefined) freeze(o);
    else if (o !== g && !preventExtensions(o)) throw new Error('cannot freeze an object');
    if (o !== g && isExt(o)) throw new Error('cannot freeze an object');
  }
  apply(exec, empty, ['']);
  const s = readStatics();
  for (let i = 0; i < s.length; i++) if (!is(s[i], cleanStatics[i])) throw new Error('RegExp.' + statics[i] + ' is not reset');
  const names = [];
  for (const n of methodNames) names[names.length] = n;

  return {
    // runs a script's code as global code whose let, const and class stay its own (an indirect eval); its var
    // and function declarations become deletable properties of the global object, removed by reset
    run(code) { return evalGlobal(code); },
    // the method names of the frozen built-ins, comma-separated (see above)
    methodNames() { return names.join(','); },
    // after a run: the empty string when the context is as it was before its first run, else what is not
    reset() {
      try {
        for (let i = 0; i < kept.length; i++) {
          if (!define(kept[i][0], kept[i][1], kept[i][2])) return 'cannot restore ' + String(kept[i][1]);
        }
        const now = ownKeys(g);
        for (let i = 0; i < now.length; i++) {
          if (!known.has(now[i]) && !del(g, now[i])) return 'cannot delete the global ' + String(now[i]);
        }
        if (gpo(g) !== globalProto || !isExt(g)) return 'the global object was changed';
        if (ownKeys(g).length !== globalKeys.length) return 'the globals are not as they were';
        apply(exec, empty, ['']); // the statics of a match of nothing in nothing: as in a new context (checked below)
        return '';
      } catch (e) {
        return 'threw ' + e;
      }
    }
  };
})(globalThis)
