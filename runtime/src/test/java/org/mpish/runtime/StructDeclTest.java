package org.mpish.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpish.runtime.catalog.ArgError;
import org.mpish.runtime.catalog.Catalogue;
import org.mpish.runtime.catalog.PType;
import org.mpish.runtime.StructType;
import org.mpish.runtime.mpi.Status;

/** MPI_Status declares its members once: what a status shows and what an IN status may hold. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class StructDeclTest {
    private static final StructType STATUS = PType.STATUS.struct();

    @Test
    void aStatusShowsExactlyTheDeclaredFields() {
        assertEquals(List.of("MPI_SOURCE", "MPI_TAG", "MPI_ERROR", "count", "cancelled"),
                STATUS.fields().stream().map(StructType.Field::name).toList());
        assertEquals(STATUS.fields().stream().map(StructType.Field::name).toList(), List.copyOf(new Status(1, 2, 0, 8, false).toMap().keySet()));
        assertTrue(Catalogue.get().call("MPI_Get_count").inputs().get(0).type().struct() == STATUS);
    }

    @Test
    void anInStatusMayHoldOnlyDeclaredFields() {
        try (TestJob t = new TestJob(1)) {
            t.spmd(r -> {
                Object intType = Catalogue.get().constant("MPI_INT").value().apply(r);
                // 8 bytes received are two ints (MPI-4.1 3.2.5)
                assertEquals(2, TestJob.call1(r, "MPI_Get_count", Map.of("MPI_SOURCE", 0L, "count", 8L), intType));
                ArgError e = assertThrows(ArgError.class, () -> TestJob.call(r, "MPI_Get_count", Map.of("MPI_SORCE", 0L), intType));
                assertTrue(e.getMessage().contains("MPI_Status has no field 'MPI_SORCE' (fields: MPI_SOURCE, MPI_TAG, MPI_ERROR,"
                        + " count, cancelled)"), e.getMessage());
            });
        }
    }

    @Test
    void aMemberDeclaresAFieldOnce() {
        StructType.Field f = StructType.field("a", "int a");
        assertThrows(IllegalStateException.class,
                () -> StructType.union("u", StructType.field("sel", "int sel")).member("X", "x_t", List.of(f, f)));
    }
}
