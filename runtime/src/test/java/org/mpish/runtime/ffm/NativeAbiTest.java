package org.mpish.runtime.ffm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.lang.foreign.Arena;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mpish.runtime.catalog.Catalogue;
import org.mpish.runtime.catalog.Constant;
import org.mpish.runtime.mpi.Handle;
import org.mpish.runtime.mpi.HandleKind;

/**
 * The native engine's view of the two Debian MPIs, learnt by the probe (no MPI_Init: nothing here starts MPI).
 * Expected values are read from each implementation's own mpi.h (Open MPI 4.1.4's
 * /usr/lib/x86_64-linux-gnu/openmpi/include/mpi.h, MPICH 4.0.2's /usr/include/x86_64-linux-gnu/mpich/mpi.h).
 * Skips with the reason where an MPI is not installed; fails instead in CI (CI=true), where .ci/run installs both.
 */
class NativeAbiTest {
    @TempDir Path cache;

    private static Set<String> names() {
        Set<String> n = new LinkedHashSet<>();
        for (Constant c : Catalogue.get().constants()) if (c.api().equals("MPI")) n.add(c.name());
        return n;
    }

    static void require(String impl) {
        if (Implementations.installed(impl)) return;
        String why = Implementations.missing(impl);
        if ("true".equalsIgnoreCase(System.getenv("CI"))) fail(why + " (CI=true: .ci/run installs it)");
        Assumptions.abort(why);
    }

    private NativeLib load(String impl) throws Exception {
        require(impl);
        return new NativeLib(Probe.abi(impl, cache, names()));
    }

    private static int mpishValue(String name) {
        return (Integer) Catalogue.get().constant(name).value().apply(null);
    }

    @Test
    void openMpiHandlesAreAddressesOfLibraryGlobalsAndItsStatusStartsWithThePublicFields() throws Exception {
        NativeLib lib = load("openmpi");
        Abi abi = lib.abi;
        assertEquals(8, abi.handleSize, "MPI_Comm is a pointer to struct ompi_communicator_t");
        // struct ompi_status_public_t { int MPI_SOURCE; int MPI_TAG; int MPI_ERROR; int _cancelled; size_t _ucount; }
        assertEquals(List.of(0, 4, 8, 24), List.of(abi.sourceOffset, abi.tagOffset, abi.errorOffset, abi.statusSize));
        assertEquals("ompi_mpi_comm_world", abi.constant("MPI_COMM_WORLD").symbol());
        assertEquals(-1, abi.constant("MPI_ANY_SOURCE").value());
        // the handle a script gets is the address of the library's global in this process
        long world = SymbolLookup.libraryLookup(Path.of(abi.library), Arena.global()).find("ompi_mpi_comm_world").orElseThrow().address();
        NativeEngine e = new NativeEngine(lib, Catalogue.get(), 0);
        Handle h = (Handle) e.constant(null, Catalogue.get().constant("MPI_COMM_WORLD"));
        assertEquals(world, ((NativeHandle) h).raw);
        assertEquals("MPI_COMM_WORLD", h.name());
        assertSame(h, lib.handle(HandleKind.COMM, world), "the library's value maps back to the same handle");
        assertSame(Handle.nullOf(HandleKind.COMM), e.constant(null, Catalogue.get().constant("MPI_COMM_NULL")));
        // mpi.h: #define MPI_ERR_KEYVAL 36, #define MPI_ERR_RMA_SYNC 47
        assertEquals(mpishValue("MPI_ERR_KEYVAL"), e.errors().toMpish(36));
        assertEquals(47, e.errors().toNative(mpishValue("MPI_ERR_RMA_SYNC")));
        // int MPI_Send(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm)
        assertEquals(List.of(ValueLayout.ADDRESS, ValueLayout.JAVA_INT, ValueLayout.JAVA_LONG, ValueLayout.JAVA_INT,
                ValueLayout.JAVA_INT, ValueLayout.JAVA_LONG), strip(e.descriptor(Catalogue.get().call("MPI_Send")).argumentLayouts()));
    }

    @Test
    void mpichHandlesAreIntegersAndItsStatusPutsTheCountFirst() throws Exception {
        NativeLib lib = load("mpich");
        Abi abi = lib.abi;
        assertEquals(4, abi.handleSize, "typedef int MPI_Comm");
        // typedef struct MPI_Status { int count_lo; int count_hi_and_cancelled; int MPI_SOURCE; int MPI_TAG; int MPI_ERROR; }
        assertEquals(List.of(8, 12, 16, 20), List.of(abi.sourceOffset, abi.tagOffset, abi.errorOffset, abi.statusSize));
        NativeEngine e = new NativeEngine(lib, Catalogue.get(), 0);
        Handle world = (Handle) e.constant(null, Catalogue.get().constant("MPI_COMM_WORLD"));
        assertEquals(0x44000000L, ((NativeHandle) world).raw); // #define MPI_COMM_WORLD ((MPI_Comm)0x44000000)
        Handle integer = (Handle) e.constant(null, Catalogue.get().constant("MPI_INT"));
        assertEquals(0x4c000405L, ((NativeHandle) integer).raw); // #define MPI_INT ((MPI_Datatype)0x4c000405)
        assertEquals(HandleKind.DATATYPE, integer.kind());
        assertEquals(-2, e.constant(null, Catalogue.get().constant("MPI_ANY_SOURCE"))); // #define MPI_ANY_SOURCE (-2)
        assertSame(Handle.nullOf(HandleKind.COMM), lib.handle(HandleKind.COMM, 0x04000000L)); // MPI_COMM_NULL
        Handle made = lib.handle(HandleKind.COMM, 0x84000001L);
        assertNotEquals("MPI_COMM_WORLD", made.name());
        assertSame(made, lib.handle(HandleKind.COMM, 0x84000001L), "one handle object per library value");
        lib.forget((NativeHandle) made);
        assertTrue(made.isFreed());
        // #define MPI_ERR_KEYVAL 48
        assertEquals(mpishValue("MPI_ERR_KEYVAL"), e.errors().toMpish(48));
        assertEquals(List.of(ValueLayout.ADDRESS, ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.JAVA_INT,
                ValueLayout.JAVA_INT, ValueLayout.JAVA_INT), strip(e.descriptor(Catalogue.get().call("MPI_Send")).argumentLayouts()));
    }

    @Test
    void theProbeIsCachedAndAnUnknownNameIsLeftOut() throws Exception {
        String impl = Implementations.installed("openmpi") ? "openmpi" : "mpich";
        require(impl);
        Set<String> names = new LinkedHashSet<>(List.of("MPI_COMM_WORLD", "MPI_NO_SUCH_CONSTANT"));
        Abi first = Probe.abi(impl, cache, names);
        assertEquals(null, first.constant("MPI_NO_SUCH_CONSTANT"));
        try (var files = Files.list(cache)) {
            List<Path> cached = files.toList();
            assertEquals(1, cached.size(), "one cached result and no leftovers of the build: " + cached);
            Files.writeString(cached.get(0), Files.readString(cached.get(0)).replace("size MPI_Comm", "size MPI_Comm_changed"));
        }
        // the second time is read from the cache (the edited file shows it was read: it now lacks a size)
        try {
            Probe.abi(impl, cache, names);
            fail("the cached file was not read");
        } catch (java.io.IOException e) {
            assertTrue(e.getMessage().contains("unexpected") || e.getMessage().contains("did not report"), e.getMessage());
        }
    }

    private static List<MemoryLayout> strip(List<MemoryLayout> ls) {
        return ls.stream().map(l -> l instanceof ValueLayout v ? (MemoryLayout) v.withoutName() : l)
                .map(l -> l instanceof java.lang.foreign.AddressLayout a ? (MemoryLayout) ValueLayout.ADDRESS : l).toList();
    }
}
