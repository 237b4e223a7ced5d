package org.mpish.shell;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.io.InputStream;
import java.lang.module.ModuleDescriptor;
import java.net.URI;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpish.runtime.Job;

/**
 * The shell reads the runtime only through what the runtime's module exports (issue 13, item 5): the core job /
 * rank / memory API, the catalogue, the read-only inspection snapshots and the explorer. The shell runs with the
 * runtime on the class path, where the module descriptor is not enforced, so this test is the boundary: it reads
 * the exported packages from the runtime's compiled module-info (the list ArchitectureTest also uses) and fails on
 * any shell class that uses a class of another runtime package (an MPI or LAPI engine).
 */
@Timeout(120)
class ShellBoundaryTest {
    private static final String RUNTIME = "org.mpish.runtime";

    /** The packages the runtime's module-info exports, read from the jar or folder the runtime's classes come from. */
    static Set<String> exported() throws Exception {
        Path where = Path.of(Job.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        ModuleDescriptor d;
        if (Files.isDirectory(where)) {
            try (InputStream in = Files.newInputStream(where.resolve("module-info.class"))) {
                d = ModuleDescriptor.read(in);
            }
        } else {
            try (FileSystem jar = FileSystems.newFileSystem(URI.create("jar:" + where.toUri()), Map.of());
                 InputStream in = Files.newInputStream(jar.getPath("module-info.class"))) {
                d = ModuleDescriptor.read(in);
            }
        }
        Set<String> out = new TreeSet<>();
        for (ModuleDescriptor.Exports e : d.exports()) if (!e.isQualified()) out.add(e.source());
        return out;
    }

    @Test
    void theShellUsesOnlyTheRuntimesExportedPackages() throws Exception {
        Set<String> exported = exported();
        assertTrue(exported.contains(RUNTIME + ".inspect") && !exported.contains(RUNTIME + ".mpi"), "exports: " + exported);
        JavaClasses shell = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("org.mpish.shell");
        assertTrue(shell.size() > 100, "the shell's classes were not found: " + shell.size());
        DescribedPredicate<JavaClass> engine = DescribedPredicate.describe("are in a runtime package the module does not export "
                + "(exported: " + exported + ")", c -> c.getPackageName().startsWith(RUNTIME) && !exported.contains(c.getPackageName()));
        noClasses().that().resideInAPackage("org.mpish.shell..").should().dependOnClassesThat(engine).check(shell);
    }
}
