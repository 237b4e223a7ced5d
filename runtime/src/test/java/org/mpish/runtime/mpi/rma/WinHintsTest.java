package org.mpish.runtime.mpi.rma;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.mpish.runtime.mpi.ErrorClass;
import org.mpish.runtime.mpi.MpiException;

/**
 * A window's info hints (R14-R16) one key at a time. The keys, their values and defaults are those of MPI-4.1
 * section 12.2.1 (no_locks, accumulate_ordering "rar,raw,war,waw" or "none", accumulate_ops "same_op_no_op" or
 * "same_op", same_size, same_disp_unit; mpi_accumulate_granularity, a number of bytes, default 0; and
 * alloc_shared_noncontig, section 12.2.3, which only creation reads); a value outside them is MPI_ERR_INFO_VALUE
 * (section 10, R16).
 */
class WinHintsTest {
    private static void refused(WinHints h, String k, String v) {
        Map<String, String> before = h.entries();
        MpiException e = assertThrows(MpiException.class, () -> h.apply(Map.of(k, v), true), k + " = " + v);
        assertEquals(ErrorClass.MPI_ERR_INFO_VALUE, e.errorClass(), k + " = " + v);
        assertEquals(before, h.entries(), "a refused value changes nothing: " + k + " = " + v);
    }

    @Test
    void defaultsInTheStandardsOrder_R14() {
        WinHints h = new WinHints();
        Map<String, String> want = new LinkedHashMap<>();
        want.put("no_locks", "false");
        want.put("accumulate_ordering", "rar,raw,war,waw");
        want.put("accumulate_ops", "same_op_no_op");
        want.put("same_size", "false");
        want.put("same_disp_unit", "false");
        want.put("mpi_accumulate_granularity", "0");
        want.put("alloc_shared_noncontig", "false");
        assertEquals(want, h.entries());
        assertEquals(List.copyOf(want.keySet()), List.copyOf(h.entries().keySet()));
        assertFalse(h.noLocks());
    }

    @Test
    void eachKeyTakesItsValues_R15() {
        WinHints h = new WinHints();
        h.apply(Map.of("accumulate_ordering", "raw, war"), false); // a subset, blanks around a token allowed
        assertEquals("raw, war", h.get("accumulate_ordering"));
        h.apply(Map.of("accumulate_ordering", "none"), false);
        assertEquals("none", h.get("accumulate_ordering"));
        h.apply(Map.of("accumulate_ops", "same_op"), false);
        assertEquals("same_op", h.get("accumulate_ops"));
        h.apply(Map.of("accumulate_ops", "same_op_no_op"), false);
        assertEquals("same_op_no_op", h.get("accumulate_ops"));
        h.apply(Map.of("mpi_accumulate_granularity", "64"), false);
        assertEquals("64", h.get("mpi_accumulate_granularity"));
        h.apply(Map.of("mpi_accumulate_granularity", "0"), false);
        assertEquals("0", h.get("mpi_accumulate_granularity"));
        h.apply(Map.of("no_locks", " true "), false);
        assertTrue(h.noLocks());
        assertTrue(h.flag("no_locks"));
        h.apply(Map.of("no_locks", "false"), false);
        assertFalse(h.noLocks());
        h.apply(Map.of("same_size", "true", "same_disp_unit", "true"), false);
        assertTrue(h.flag("same_size"));
        assertTrue(h.flag("same_disp_unit"));
    }

    @Test
    void allocSharedNoncontigCountsOnlyAtCreation() {
        WinHints later = new WinHints();
        later.apply(Map.of("alloc_shared_noncontig", "true"), false);
        assertFalse(later.flag("alloc_shared_noncontig"));
        WinHints created = new WinHints();
        created.apply(Map.of("alloc_shared_noncontig", "true"), true);
        assertTrue(created.flag("alloc_shared_noncontig"));
    }

    @Test
    void unknownKeysAreIgnored_R14() {
        WinHints h = new WinHints();
        h.apply(Map.of("frobnicate", "loudly", "no_locks", "true"), true);
        assertEquals(7, h.entries().size());
        assertTrue(h.noLocks());
    }

    @Test
    void valuesOutsideAKeysSetAreRefusedAndChangeNothing_R16() {
        WinHints h = new WinHints();
        refused(h, "no_locks", "yes");
        refused(h, "same_size", "1");
        refused(h, "accumulate_ordering", "rar,sideways");
        refused(h, "accumulate_ordering", "");
        refused(h, "accumulate_ops", "any_op");
        refused(h, "mpi_accumulate_granularity", "-1");
        refused(h, "mpi_accumulate_granularity", "eight");
        // one bad key among good ones: none of them is taken
        Map<String, String> mixed = new LinkedHashMap<>();
        mixed.put("no_locks", "true");
        mixed.put("accumulate_ops", "any_op");
        assertThrows(MpiException.class, () -> h.apply(mixed, true));
        assertFalse(h.noLocks(), "the good key before the bad one was not taken");
    }
}
