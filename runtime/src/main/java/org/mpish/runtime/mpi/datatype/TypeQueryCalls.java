package org.mpish.runtime.mpi.datatype;

import static org.mpish.runtime.catalog.PType.DATATYPE;
import static org.mpish.runtime.catalog.PType.INT;

import org.mpish.runtime.Rank;
import org.mpish.runtime.catalog.Args;
import org.mpish.runtime.catalog.CallFamily;
import org.mpish.runtime.catalog.Catalogue;
import org.mpish.runtime.catalog.PType;
import org.mpish.runtime.mpi.ErrorClass;
import org.mpish.runtime.mpi.Handle;
import org.mpish.runtime.mpi.HandleKind;
import org.mpish.runtime.mpi.MpiException;
import org.mpish.runtime.mpi.MpiProcess;

/**
 * Questions about a datatype (MPI-4.1 sections 5.1.5, 5.1.13, 19.2): how it was built (envelope and contents),
 * its true extent, the MPI_Count ({@code _x}) queries, its name, and the predefined type of a given class and size.
 */
public final class TypeQueryCalls implements CallFamily {
    public static final int TYPECLASS_REAL = 1, TYPECLASS_INTEGER = 2, TYPECLASS_COMPLEX = 3;

    private static final PType INT_ARRAY_OUT = PType.INT_ARRAY;
    private static final PType AINT_ARRAY = PType.of(PType.Kind.LONG_ARRAY, "MPI_Aint");
    private static final PType COUNT_ARRAY = PType.of(PType.Kind.LONG_ARRAY, "MPI_Count");
    private static final PType TYPE_ARRAY = PType.handleArray(HandleKind.DATATYPE);

    @Override
    public void declare(Catalogue.Builder b) {
        b.constant("MPI_TYPECLASS_REAL", "typeclass", TYPECLASS_REAL);
        b.constant("MPI_TYPECLASS_INTEGER", "typeclass", TYPECLASS_INTEGER);
        b.constant("MPI_TYPECLASS_COMPLEX", "typeclass", TYPECLASS_COMPLEX);

        b.call("MPI_Type_get_envelope", "datatypes", "how a datatype was made: its combiner and how many arguments of each kind")
                .in("datatype", DATATYPE).out("num_integers", INT).out("num_addresses", INT).out("num_datatypes", INT).out("combiner", INT)
                .impl((r, a) -> {
                    Envelope e = envelope(a.type(0));
                    if (e.largeCounts().length > 0) throw madeLarge(a.type(0), "MPI_Type_get_envelope_c");
                    return new Object[] {e.integers().length, e.addresses().length, e.types().length, e.combinerValue()};
                });
        b.call("MPI_Type_get_envelope_c", "datatypes", "how a datatype was made: its combiner and how many arguments of each kind")
                .in("datatype", DATATYPE).out("num_integers", PType.COUNT).out("num_addresses", PType.COUNT)
                .out("num_large_counts", PType.COUNT).out("num_datatypes", PType.COUNT).out("combiner", INT)
                .impl((r, a) -> {
                    Envelope e = envelope(a.type(0));
                    return new Object[] {(long) e.integers().length, (long) e.addresses().length, (long) e.largeCounts().length,
                            (long) e.types().length, e.combinerValue()};
                });
        b.call("MPI_Type_get_contents", "datatypes", "the arguments of the call that made a derived datatype")
                .in("datatype", DATATYPE).in("max_integers", INT).in("max_addresses", INT).in("max_datatypes", INT)
                .out("array_of_integers", INT_ARRAY_OUT, "int array_of_integers[]")
                .out("array_of_addresses", AINT_ARRAY, "MPI_Aint array_of_addresses[]")
                .out("array_of_datatypes", TYPE_ARRAY, "MPI_Datatype array_of_datatypes[]")
                .impl((r, a) -> {
                    Envelope e = contents(a.type(0));
                    if (e.largeCounts().length > 0) throw madeLarge(a.type(0), "MPI_Type_get_contents_c");
                    room(a, 1, e.integers().length);
                    room(a, 2, e.addresses().length);
                    room(a, 3, e.types().length);
                    return new Object[] {e.integers().clone(), e.addresses().clone(), handles(r, e.types())};
                });
        b.call("MPI_Type_get_contents_c", "datatypes", "the arguments of the call that made a derived datatype")
                .in("datatype", DATATYPE).in("max_integers", PType.COUNT).in("max_addresses", PType.COUNT)
                .in("max_large_counts", PType.COUNT).in("max_datatypes", PType.COUNT)
                .out("array_of_integers", INT_ARRAY_OUT, "int array_of_integers[]")
                .out("array_of_addresses", AINT_ARRAY, "MPI_Aint array_of_addresses[]")
                .out("array_of_large_counts", COUNT_ARRAY, "MPI_Count array_of_large_counts[]")
                .out("array_of_datatypes", TYPE_ARRAY, "MPI_Datatype array_of_datatypes[]")
                .impl((r, a) -> {
                    Envelope e = contents(a.type(0));
                    room(a, 1, e.integers().length);
                    room(a, 2, e.addresses().length);
                    room(a, 3, e.largeCounts().length);
                    room(a, 4, e.types().length);
                    return new Object[] {e.integers().clone(), e.addresses().clone(), e.largeCounts().clone(), handles(r, e.types())};
                });
        b.call("MPI_Type_get_true_extent", "datatypes", "where the data of a datatype starts and how far it reaches, bounds aside")
                .in("datatype", DATATYPE).out("true_lb", PType.AINT_COUNT).out("true_extent", PType.AINT_COUNT)
                .impl((r, a) -> new Object[] {a.type(0).trueLb(), a.type(0).trueExtent()});
        b.call("MPI_Type_get_true_extent_x", "datatypes", "MPI_Type_get_true_extent with MPI_Count results")
                .in("datatype", DATATYPE).out("true_lb", PType.COUNT).out("true_extent", PType.COUNT)
                .impl((r, a) -> new Object[] {a.type(0).trueLb(), a.type(0).trueExtent()});
        b.call("MPI_Type_get_extent_x", "datatypes", "MPI_Type_get_extent with MPI_Count results")
                .in("datatype", DATATYPE).out("lb", PType.COUNT).out("extent", PType.COUNT)
                .impl((r, a) -> new Object[] {a.type(0).lb(), a.type(0).extent()});
        b.call("MPI_Type_size_x", "datatypes", "MPI_Type_size with an MPI_Count result")
                .in("datatype", DATATYPE).out("size", PType.COUNT)
                .impl((r, a) -> a.type(0).size());
        b.call("MPI_Type_set_name", "datatypes", "give a datatype a name for printing")
                .in("datatype", DATATYPE).in("type_name", PType.STRING, "const char *type_name")
                .impl((r, a) -> {
                    a.type(0).typeName(Handle.objectName(a.str(1)));
                    return null;
                });
        b.call("MPI_Type_get_name", "datatypes", "the name of a datatype: a predefined type's own, else the last one set")
                .in("datatype", DATATYPE).out("type_name", PType.STRING, "char *type_name").out("resultlen", INT)
                .impl((r, a) -> {
                    String n = a.type(0).typeName();
                    return new Object[] {n, n.length()};
                });
        b.call("MPI_Type_match_size", "datatypes", "the predefined datatype of a type class (integer, real) with a given size")
                .in("typeclass", INT).in("size", INT).out("datatype", DATATYPE)
                .impl((r, a) -> matchSize(r, a.i(0), a.i(1)));
        b.call("MPI_Type_get_value_index", "datatypes", "the predefined value-index pair type for MPI_MINLOC / MPI_MAXLOC, or MPI_DATATYPE_NULL")
                .in("value_type", DATATYPE).in("index_type", DATATYPE).out("pair_type", DATATYPE)
                .impl((r, a) -> valueIndex(r, a.type(0), a.type(1)));
    }

    /**
     * MPI_Type_get_value_index (MPI-4.1 section 6.9.4): the named pair type whose value is {@code value} and whose
     * index is {@code index}, else MPI_DATATYPE_NULL (any derived type, or a pair mpish does not have).
     */
    private static Handle valueIndex(Rank r, Datatype value, Datatype index) {
        if (value.isPredefined() && index.isPredefined() && !value.isPair() && !index.isPair()) {
            for (Handle h : MpiProcess.of(r).handles().of(HandleKind.DATATYPE)) {
                Datatype p = (Datatype) h;
                if (p.isPredefined() && p.isPair() && p.pairValue == value.basic() && p.pairIndex == index.basic()) return p;
            }
        }
        return Handle.nullOf(HandleKind.DATATYPE);
    }

    private static Envelope envelope(Datatype t) {
        Envelope e = t.envelope();
        return e != null ? e : new Envelope("MPI_COMBINER_NAMED", new int[0], new long[0], new long[0], new Datatype[0]);
    }

    private static Envelope contents(Datatype t) {
        if (t.envelope() == null) {
            throw new MpiException(ErrorClass.MPI_ERR_TYPE, t.name() + " is a named (predefined) datatype: it has no contents"
                    + " (its combiner is MPI_COMBINER_NAMED)");
        }
        return t.envelope();
    }

    private static MpiException madeLarge(Datatype t, String use) {
        return new MpiException(ErrorClass.MPI_ERR_TYPE, t.name() + " was made by a large-count (_c) constructor: its counts are"
                + " MPI_Count values, which only " + use + " returns");
    }

    private static void room(Args a, int i, int need) {
        long max = a.l(i);
        if (max < need) {
            throw new MpiException(ErrorClass.MPI_ERR_ARG, a.call().inputs().get(i).name() + " = " + max + ", but this datatype's envelope has "
                    + need);
        }
    }

    /** The datatypes of a constructor call: predefined ones as they are, derived ones as new handles the caller must free. */
    private static Handle[] handles(Rank r, Datatype[] ts) {
        Handle[] out = new Handle[ts.length];
        for (int i = 0; i < ts.length; i++) out[i] = ts[i].isPredefined() ? ts[i] : MpiProcess.of(r).handles().add(ts[i].copy());
        return out;
    }

    /** MPI_Type_match_size among the C types mpish has (no Fortran types, no complex types). */
    private static Handle matchSize(Rank r, int typeclass, int size) {
        if (size <= 0) throw new MpiException(ErrorClass.MPI_ERR_SIZE, "size = " + size + "; a datatype's size is positive");
        String name = switch (typeclass) {
            case TYPECLASS_INTEGER -> switch (size) {
                case 1 -> "MPI_SIGNED_CHAR"; case 2 -> "MPI_SHORT"; case 4 -> "MPI_INT"; case 8 -> "MPI_LONG"; default -> null;
            };
            case TYPECLASS_REAL -> switch (size) { case 4 -> "MPI_FLOAT"; case 8 -> "MPI_DOUBLE"; default -> null; };
            case TYPECLASS_COMPLEX -> throw new MpiException(ErrorClass.MPI_ERR_ARG, "mpish has no complex datatypes, so MPI_TYPECLASS_COMPLEX matches none");
            default -> throw new MpiException(ErrorClass.MPI_ERR_ARG, "typeclass = " + typeclass
                    + " is not MPI_TYPECLASS_INTEGER, MPI_TYPECLASS_REAL or MPI_TYPECLASS_COMPLEX");
        };
        if (name == null) throw new MpiException(ErrorClass.MPI_ERR_ARG, "no predefined datatype of this type class has size " + size);
        Handle h = MpiProcess.of(r).handles().lookup(name);
        if (h == null) throw new IllegalStateException(name + " is not predefined");
        return h;
    }
}
