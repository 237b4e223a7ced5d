package org.mpish.shell.man;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ManWhatisIndexTest {

    @TempDir
    Path root;

    private WhatisIndex index;

    private void page(String section, String file, String name) throws IOException {
        Path dir = Files.createDirectories(root.resolve("man").resolve("man" + section));
        Files.writeString(dir.resolve(file), ".TH X " + section + " 2026-11-21\n.SH NAME\n" + name
                + "\n.SH DESCRIPTION\ntext\n");
    }

    @BeforeEach
    void setUp() throws IOException {
        page("1", "mpish.1", "mpish \\- an interactive shell for exploring \\fBMPI\\fP and LAPI");
        page("3", "MPI_Put.3", "MPI_Put \\- copy data to a remote window");
        page("3", "MPI_Comm_set_attr.3", "MPI_Comm_set_attr, MPI_Attr_put \\- store an attribute value");
        page("3", "mpish.3", "mpish \\- the embedding API");
        page("7", "mpish-runtime.7", "mpish\\-runtime \\- ranks, handles and the deadlock report");
        index = WhatisIndex.build(root.resolve("man"));
    }

    @Test
    void whatisIsExactAndIgnoresCase() {
        assertEquals(List.of("MPI_Put(3) - copy data to a remote window"), index.whatis("mpi_put"));
        assertEquals(List.of("MPI_Attr_put(3) - store an attribute value"), index.whatis("MPI_Attr_put"));
        assertEquals(List.of(), index.whatis("MPI_Pu"));
        assertEquals(2, index.whatis("mpish").size());
    }

    @Test
    void descriptionIsPlainText() {
        assertEquals(List.of("mpish(1) - an interactive shell for exploring MPI and LAPI",
                "mpish(3) - the embedding API"), index.whatis("MPISH"));
        assertEquals(List.of("mpish-runtime(7) - ranks, handles and the deadlock report"),
                index.whatis("mpish-runtime"));
    }

    @Test
    void aproposSearchesNamesAndDescriptions() {
        assertEquals(List.of(
                "MPI_Comm_set_attr, MPI_Attr_put(3) - store an attribute value",
                "MPI_Put(3) - copy data to a remote window"), index.apropos("mpi_"));
        assertEquals(List.of("MPI_Put(3) - copy data to a remote window"), index.apropos("REMOTE"));
        assertEquals(List.of(), index.apropos("nothing like this"));
    }

    @Test
    void findPrefersSectionOrderAndHonoursExplicitSections() {
        Path man = root.resolve("man");
        assertEquals(man.resolve("man1/mpish.1"), index.find("mpish"));
        assertEquals(man.resolve("man3/mpish.3"), index.find("3 mpish"));
        assertEquals(man.resolve("man3/mpish.3"), index.find("mpish(3)"));
        assertEquals(man.resolve("man3/MPI_Put.3"), index.find("mpi_put"));
        assertEquals(man.resolve("man3/MPI_Comm_set_attr.3"), index.find("MPI_Attr_put"));
        assertEquals(man.resolve("man7/mpish-runtime.7"), index.find("mpish-runtime"));
        assertNull(index.find("MPI_Get"));
        assertNull(index.find("7 MPI_Put"));
    }

    @Test
    void missingFolderGivesAnEmptyIndex() {
        assertEquals(List.of(), WhatisIndex.build(root.resolve("nowhere")).entries());
    }
}
