package org.mpish.runtime.mpi.err;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mpish.runtime.mpi.MpiTests.call;
import static org.mpish.runtime.mpi.MpiTests.call1;
import static org.mpish.runtime.mpi.MpiTests.expectError;
import static org.mpish.runtime.mpi.MpiTests.getAttr;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpish.runtime.TestJob;
import org.mpish.runtime.mpi.ErrorClass;

/** Error codes and classes: semantics.md A57-A60. */
@Timeout(30)
class ErrorCodesTest {
    @Test
    void successIsZeroAndEveryClassIsItsOwnCodeBelowLastcode_A57() {
        try (TestJob t = new TestJob(1)) {
            t.spmd(r -> {
                assertEquals(0, ErrorClass.MPI_SUCCESS);
                for (Map.Entry<String, Integer> e : ErrorClass.all().entrySet()) {
                    int c = e.getValue();
                    if (c == ErrorClass.MPI_SUCCESS) continue;
                    assertTrue(c > 0 && c <= ErrorClass.MPI_ERR_LASTCODE, e.getKey());
                    if (c != ErrorClass.MPI_ERR_LASTCODE) assertEquals(c, call1(r, "MPI_Error_class", c), e.getKey());
                }
                assertEquals(0, call1(r, "MPI_Error_class", 0));
            });
        }
    }

    @Test
    void errorClassAndStringWorkForAnyCodeAndAfterFinalize_A58() {
        try (TestJob t = new TestJob(1)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                int cls = (Integer) call1(r, "MPI_Add_error_class");
                int code = (Integer) call1(r, "MPI_Add_error_code", cls);
                int code2 = (Integer) call1(r, "MPI_Add_error_code", ErrorClass.MPI_ERR_KEYVAL);
                assertEquals(cls, call1(r, "MPI_Error_class", code));
                assertEquals(ErrorClass.MPI_ERR_KEYVAL, call1(r, "MPI_Error_class", code2));
                Object[] s = call(r, "MPI_Error_string", ErrorClass.MPI_ERR_KEYVAL);
                assertEquals("invalid attribute key", s[0]);
                assertEquals(((String) s[0]).length(), s[1]);
                for (int c : new int[] {cls, code, code2, ErrorClass.MPI_ERR_OTHER}) {
                    String text = (String) call(r, "MPI_Error_string", c)[0];
                    assertTrue(!text.isEmpty() && text.length() < 512, text);
                }
                expectError(ErrorClass.MPI_ERR_ARG, () -> call(r, "MPI_Error_class", 5000));
                expectError(ErrorClass.MPI_ERR_ARG, () -> call(r, "MPI_Error_string", -7));
                call(r, "MPI_Finalize");
                assertEquals("invalid communicator", call(r, "MPI_Error_string", ErrorClass.MPI_ERR_COMM)[0]);
                assertEquals(ErrorClass.MPI_ERR_COMM, call1(r, "MPI_Error_class", ErrorClass.MPI_ERR_COMM));
            });
        }
    }

    @Test
    void classValuesFollowMpich_A59() {
        int[][] expect = {{ErrorClass.MPI_ERR_BUFFER, 1}, {ErrorClass.MPI_ERR_COUNT, 2}, {ErrorClass.MPI_ERR_TYPE, 3}, {ErrorClass.MPI_ERR_TAG, 4},
                {ErrorClass.MPI_ERR_COMM, 5}, {ErrorClass.MPI_ERR_RANK, 6}, {ErrorClass.MPI_ERR_ROOT, 7}, {ErrorClass.MPI_ERR_GROUP, 8},
                {ErrorClass.MPI_ERR_OP, 9}, {ErrorClass.MPI_ERR_ARG, 12}, {ErrorClass.MPI_ERR_UNKNOWN, 13}, {ErrorClass.MPI_ERR_OTHER, 15},
                {ErrorClass.MPI_ERR_INTERN, 16}, {ErrorClass.MPI_ERR_REQUEST, 19}, {ErrorClass.MPI_ERR_WIN, 45}, {ErrorClass.MPI_ERR_KEYVAL, 48},
                {ErrorClass.MPI_ERR_SESSION, 75}, {ErrorClass.MPI_ERR_ERRHANDLER, 80}};
        for (int[] e : expect) assertEquals(e[1], e[0]);
        try (TestJob t = new TestJob(1)) {
            t.spmd(r -> {
                var cat = org.mpish.runtime.catalog.Catalogue.get();
                assertEquals(ErrorClass.MPI_ERR_KEYVAL, cat.constant("MPI_ERR_KEYVAL").value().apply(r));
                assertEquals(ErrorClass.MPI_ERR_LASTCODE, cat.constant("MPI_ERR_LASTCODE").value().apply(r));
            });
        }
    }

    @Test
    void userClassesCodesAndStringsComeAndGoAndLastusedcodeFollows_A60() {
        try (TestJob t = new TestJob(1)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                int cls = (Integer) call1(r, "MPI_Add_error_class");
                assertTrue(cls > ErrorClass.MPI_ERR_LASTCODE);
                assertEquals(cls, call1(r, "MPI_Error_class", cls));
                int code = (Integer) call1(r, "MPI_Add_error_code", cls);
                assertEquals(code, lastUsed(r));
                call(r, "MPI_Add_error_string", code, "disk on fire");
                assertEquals("disk on fire", call(r, "MPI_Error_string", code)[0]);
                call(r, "MPI_Add_error_string", code, "disk still on fire");
                assertEquals("disk still on fire", call(r, "MPI_Error_string", code)[0]);
                expectError(ErrorClass.MPI_ERR_ARG, () -> call(r, "MPI_Add_error_string", ErrorClass.MPI_ERR_OTHER, "mine"));
                expectError(ErrorClass.MPI_ERR_ARG, () -> call(r, "MPI_Add_error_code", 4999));
                expectError(ErrorClass.MPI_ERR_ARG, () -> call(r, "MPI_Add_error_code", code)); // a code is not a class
                // MPI-4.1 removal: string, then code, then class
                expectError(ErrorClass.MPI_ERR_ARG, () -> call(r, "MPI_Remove_error_class", cls));
                expectError(ErrorClass.MPI_ERR_ARG, () -> call(r, "MPI_Remove_error_code", code));
                call(r, "MPI_Remove_error_string", code);
                expectError(ErrorClass.MPI_ERR_ARG, () -> call(r, "MPI_Remove_error_string", code)); // twice is erroneous
                call(r, "MPI_Remove_error_code", code);
                assertEquals(cls, lastUsed(r));
                expectError(ErrorClass.MPI_ERR_ARG, () -> call(r, "MPI_Error_class", code));
                call(r, "MPI_Remove_error_class", cls);
                assertEquals(ErrorClass.MPI_ERR_LASTCODE, lastUsed(r));
                expectError(ErrorClass.MPI_ERR_ARG, () -> call(r, "MPI_Remove_error_class", cls));
                expectError(ErrorClass.MPI_ERR_ARG, () -> call(r, "MPI_Remove_error_class", ErrorClass.MPI_ERR_OTHER));
                int again = (Integer) call1(r, "MPI_Add_error_class");
                assertTrue(again > code, "values are not reused");
            });
        }
    }

    private static int lastUsed(org.mpish.runtime.Rank r) {
        return (Integer) getAttr(r, "MPI_Comm_get_attr", "MPI_COMM_WORLD", "MPI_LASTUSEDCODE")[1];
    }
}
