// mpish: the guard of a context kept for more runs of one script (KeptContext, mpish explore). Evaluated once,
// as internal code, in a fresh context before mpish's globals are installed.
// It records every built-in object a script can reach (everything reachable from the global object through
// property values, accessors and prototypes, plus the intrinsics only reachable by calling: iterator, generator
// and async function prototypes): each one's prototype, extensibility and own properties. After a run it puts
// the global object back (every global the context started with gets its original property again, every other
// global, mpish's and the script's, is deleted, and the prelude's Object.keys and its kin give way to the
// built-ins), resets the legacy RegExp statics (RegExp.$1..., realm state rather than properties) and checks
// that all the rest is as recorded. Plain built-in methods are frozen instead of checked (see below). A run that
// changed anything (a built-in, a global made non-configurable, the global object's prototype) fails the
// check, and the context is not used again.
// The guard calls only functions it captured here and reads only arrays it filled itself, so a script cannot
// steer it; anything that throws counts as a failed check.
(function (g) {
  const ownKeys = Reflect.ownKeys, gopd = Reflect.getOwnPropertyDescriptor, gpo = Reflect.getPrototypeOf,
        isExt = Reflect.isExtensible, is = Object.is, del = Reflect.deleteProperty, define = Reflect.defineProperty,
        preventExtensions = Reflect.preventExtensions, evalGlobal = g.eval, exec = RegExp.prototype.exec,
        apply = Reflect.apply;
  // the built-in methods the prelude replaces by its own (so that listing MPI defines all its members)
  const replaced = [[Object, 'keys'], [Object, 'values'], [Object, 'entries'], [Object, 'getOwnPropertyNames'],
                    [Object, 'getOwnPropertyDescriptors'], [Reflect, 'ownKeys']];
  const originals = [];
  for (let i = 0; i < replaced.length; i++) originals[i] = gopd(replaced[i][0], replaced[i][1]);
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

  const globalKeys = ownKeys(g), globalDescs = [];
  const known = new Set();
  for (let i = 0; i < globalKeys.length; i++) {
    known.add(globalKeys[i]);
    globalDescs[i] = gopd(g, globalKeys[i]);
  }
  const globalProto = gpo(g);

  // Plain built-in functions (methods: functions without a prototype property) are frozen, so they need no
  // check: their own properties (length, name) are read-only already, so freezing them changes only what a script
  // could do by redefining those or adding properties to a built-in method. Everything else is recorded:
  // per object [object, prototype, extensible, key count, then per key: key, value, get, set, flags].
  const record = [];
  const flags = (d) => (d.writable ? 1 : 0) | (d.enumerable ? 2 : 0) | (d.configurable ? 4 : 0);
  const seen = new Set(), todo = [];
  for (let i = 0; i < roots.length; i++) todo[todo.length] = roots[i];
  while (todo.length > 0) {
    const o = todo.pop();
    if (seen.has(o)) continue;
    seen.add(o);
    const keys = ownKeys(o);
    const method = typeof o === 'function' && gopd(o, 'prototype') === undefined;
    const r = [o, gpo(o), isExt(o), keys.length];
    for (let i = 0; i < keys.length; i++) {
      const d = gopd(o, keys[i]);
      const refs = [d.value, d.get, d.set];
      for (let j = 0; j < 3; j++) {
        const v = refs[j];
        if (v !== null && (typeof v === 'object' || typeof v === 'function')) todo[todo.length] = v;
      }
      if (method) {
        if (d.configurable && !define(o, keys[i], d.get !== undefined || d.set !== undefined ? {configurable: false}
            : {configurable: false, writable: false})) throw new Error('cannot freeze ' + String(keys[i]));
      } else {
        r[r.length] = keys[i]; r[r.length] = d.value; r[r.length] = d.get; r[r.length] = d.set; r[r.length] = flags(d);
      }
    }
    if (r[1] !== null) todo[todo.length] = r[1];
    if (method) preventExtensions(o);
    else if (o !== g) record[record.length] = r;
  }
  // the global object: its prototype and extensibility (its properties are put back by reset)
  const same = () => {
    for (let n = 0; n < record.length; n++) {
      const r = record[n], o = r[0];
      if (gpo(o) !== r[1] || isExt(o) !== r[2] || ownKeys(o).length !== r[3]) return 'the built-in ' + String(r[4]) + '... changed';
      for (let i = 4; i < r.length; i += 5) {
        const d = gopd(o, r[i]);
        if (d === undefined || !is(d.value, r[i + 1]) || d.get !== r[i + 2] || d.set !== r[i + 3] || flags(d) !== r[i + 4]) {
          return 'a built-in property ' + String(r[i]) + ' changed';
        }
      }
    }
    return '';
  };

  return {
    // runs a script's code as global code whose let, const and class stay its own (an indirect eval); its var
    // and function declarations become deletable properties of the global object, removed by reset
    run(code) { return evalGlobal(code); },
    // after a run: the empty string when the context is as it was before its first run, else what is not
    reset() {
      try {
        for (let i = 0; i < replaced.length; i++) {
          if (!define(replaced[i][0], replaced[i][1], originals[i])) return 'cannot restore ' + replaced[i][1];
        }
        for (let i = 0; i < globalKeys.length; i++) {
          if (!define(g, globalKeys[i], globalDescs[i])) return 'cannot restore the global ' + String(globalKeys[i]);
        }
        const now = ownKeys(g);
        for (let i = 0; i < now.length; i++) {
          if (!known.has(now[i]) && !del(g, now[i])) return 'cannot delete the global ' + String(now[i]);
        }
        if (gpo(g) !== globalProto || !isExt(g)) return 'the global object was changed';
        if (ownKeys(g).length !== globalKeys.length) return 'the globals are not as they were';
        apply(exec, empty, ['']);
        const s = readStatics();
        for (let i = 0; i < s.length; i++) if (!is(s[i], cleanStatics[i])) return 'RegExp.' + statics[i] + ' differs';
        return same();
      } catch (e) {
        return 'threw ' + e;
      }
    }
  };
})(globalThis)
