package org.mpish.runtime;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.fields;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaField;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The runtime's architecture, checked on its compiled classes (ArchUnit):
 *
 * <ol>
 * <li>Layers only look down: core ({@code org.mpish.runtime}) &lt; MPI base ({@code org.mpish.runtime.mpi}) &lt;
 *     area engines ({@code mpi.env}, {@code mpi.comm}, ..., {@code lapi}) &lt; catalogue framework
 *     ({@code org.mpish.runtime.catalog}) &lt; declarations (the classes of an area that use the catalogue: its
 *     {@code *Calls} and their helpers) &lt; the collector ({@code catalog.Families}). The inspection package
 *     ({@code inspect}) sits beside the catalogue framework: it reads the core, the MPI base and the engines.</li>
 * <li>A {@code *Calls} class is used only by its own package and the collector.</li>
 * <li>No static mutable state: every static field is final, and no static final field holds an array with
 *     elements, a modifiable collection or map, or an atomic.</li>
 * <li>Public only where needed: in a package {@code module-info} does not export, a class (or a nested class)
 *     is public only when a class of another package of the runtime uses it; everything else is
 *     package-private. The exported list is read from the module's descriptor, the one list both use.</li>
 * <li>The inspection package ({@code inspect}) reads the engines; nothing else in the runtime reads it.</li>
 * </ol>
 */
@Timeout(120)
class ArchitectureTest {
    private static final String ROOT = "org.mpish.runtime";
    private static JavaClasses runtime;

    @BeforeAll
    static void importRuntime() {
        runtime = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS).importPackages(ROOT);
        assertTrue(runtime.size() > 100, "the runtime's classes were not found: " + runtime.size());
    }

    // ---- what belongs to which layer --------------------------------------------------------------------

    private static boolean inPackage(JavaClass c, String pkg) { return c.getPackageName().equals(pkg); }

    private static boolean isArea(JavaClass c) {
        String p = c.getPackageName();
        return p.startsWith(ROOT + ".mpi.") || p.equals(ROOT + ".lapi") || p.startsWith(ROOT + ".lapi.");
    }

    private static boolean isCollector(JavaClass c) { return c.getName().equals(ROOT + ".catalog.Families"); }

    private static final Map<String, Boolean> DECLARATIONS = new java.util.concurrent.ConcurrentHashMap<>();

    /** A class of an area that uses the catalogue: a declaration (or one of its helpers). */
    private static boolean isDeclaration(JavaClass c) {
        if (!isArea(c)) return false;
        return DECLARATIONS.computeIfAbsent(c.getName(), n -> {
            for (Dependency d : c.getDirectDependenciesFromSelf()) {
                if (d.getTargetClass().getPackageName().equals(ROOT + ".catalog")) return true;
            }
            return false;
        });
    }

    private static DescribedPredicate<JavaClass> is(String description, java.util.function.Predicate<JavaClass> p) {
        return DescribedPredicate.describe(description, p);
    }

    private static final DescribedPredicate<JavaClass> CORE = is("core", c -> inPackage(c, ROOT));
    private static final DescribedPredicate<JavaClass> MPI_BASE = is("MPI base", c -> inPackage(c, ROOT + ".mpi"));
    private static final DescribedPredicate<JavaClass> ENGINE = is("area engine", c -> isArea(c) && !isDeclaration(c));
    private static final DescribedPredicate<JavaClass> FRAMEWORK =
            is("catalogue framework", c -> inPackage(c, ROOT + ".catalog") && !isCollector(c));
    private static final DescribedPredicate<JavaClass> DECLARATION = is("declaration", ArchitectureTest::isDeclaration);
    private static final DescribedPredicate<JavaClass> COLLECTOR = is("collector", ArchitectureTest::isCollector);
    private static final DescribedPredicate<JavaClass> INSPECT = is("inspection", c -> inPackage(c, ROOT + ".inspect"));

    @Test
    void layersOnlyLookDown() {
        layeredArchitecture().consideringOnlyDependenciesInLayers()
                .layer("Core").definedBy(CORE)
                .layer("MpiBase").definedBy(MPI_BASE)
                .layer("Engines").definedBy(ENGINE)
                .layer("Framework").definedBy(FRAMEWORK)
                .layer("Declarations").definedBy(DECLARATION)
                .layer("Collector").definedBy(COLLECTOR)
                .layer("Inspect").definedBy(INSPECT)
                .whereLayer("Core").mayNotAccessAnyLayer()
                .whereLayer("MpiBase").mayOnlyAccessLayers("Core")
                .whereLayer("Engines").mayOnlyAccessLayers("Core", "MpiBase")
                .whereLayer("Framework").mayOnlyAccessLayers("Core", "MpiBase", "Engines")
                .whereLayer("Declarations").mayOnlyAccessLayers("Core", "MpiBase", "Engines", "Framework")
                // inspection reads engines, beside the catalogue; the runtime itself never reads it
                .whereLayer("Inspect").mayOnlyAccessLayers("Core", "MpiBase", "Engines")
                .whereLayer("Inspect").mayNotBeAccessedByAnyLayer()
                // the one door down-up: Catalogue.get() builds the catalogue of every family the collector lists
                .ignoreDependency(is("Catalogue's holder of the full catalogue", c -> c.getName().equals(ROOT + ".catalog.Catalogue$Holder")), COLLECTOR)
                .check(runtime);
    }

    @Test
    void callsClassesAreUsedOnlyByTheirPackageAndTheCollector() {
        classes().that().haveSimpleNameEndingWith("Calls").and().resideInAPackage(ROOT + "..")
                .should().onlyHaveDependentClassesThat(is("in the same package as the declaration, or the collector",
                        c -> isCollector(c) || isArea(c) && isDeclaration(c)))
                .check(runtime);
        // and within an area, a *Calls class is only used by that area's own declarations
        List<String> wrong = new ArrayList<>();
        for (JavaClass c : runtime) {
            if (!c.getSimpleName().endsWith("Calls")) continue;
            for (Dependency d : c.getDirectDependenciesToSelf()) {
                JavaClass from = d.getOriginClass();
                if (!isCollector(from) && !from.getPackageName().equals(c.getPackageName())) wrong.add(d.getDescription());
            }
        }
        assertTrue(wrong.isEmpty(), "declarations used from outside their area:\n" + String.join("\n", wrong));
    }

    /** The packages module-info exports: from the module's descriptor (tests run patched into the module). */
    static java.util.Set<String> exportedPackages() throws java.io.IOException {
        Module m = ArchitectureTest.class.getModule();
        java.lang.module.ModuleDescriptor d;
        if (m.isNamed()) {
            d = m.getDescriptor();
        } else { // on the class path (an IDE, mutation testing): the compiled descriptor
            try (var in = java.nio.file.Files.newInputStream(java.nio.file.Path.of("target/classes/module-info.class"))) {
                d = java.lang.module.ModuleDescriptor.read(in);
            }
        }
        java.util.Set<String> out = new java.util.TreeSet<>();
        for (var e : d.exports()) if (!e.isQualified()) out.add(e.source());
        return out;
    }

    @Test
    void exportsAreTheCoreTheCatalogueInspectionAndExplore() throws Exception {
        assertEquals(java.util.Set.of(ROOT, ROOT + ".catalog", ROOT + ".inspect", ROOT + ".explore", ROOT + ".ffm"), exportedPackages());
    }

    /**
     * A class of a non-exported package is public only if another package uses it: the runtime's other packages
     * or its tests of another package. Two kinds are left out: members of an interface (public by the language),
     * and a holder of constants only (javac copies a constant into each user, so no compiled class shows the use).
     */
    @Test
    void noPublicClassOutsideTheExportedPackagesUnlessAnotherPackageNeedsIt() throws Exception {
        java.util.Set<String> exported = exportedPackages();
        JavaClasses withTests = new ClassFileImporter().importPackages(ROOT);
        // the top-level classes used from another package, themselves or through a nested class (which needs its
        // enclosing class accessible)
        java.util.Set<String> usedOutside = new java.util.HashSet<>();
        for (JavaClass t : withTests) {
            for (Dependency d : t.getDirectDependenciesToSelf()) {
                if (d.getOriginClass().getPackageName().equals(t.getPackageName())) continue;
                String n = t.getName();
                usedOutside.add(n);
                for (int i = n.indexOf('$'); i > 0; i = n.indexOf('$', i + 1)) usedOutside.add(n.substring(0, i));
            }
            // a parameter type of a method called from another package is used there too, even when the caller
            // passes a lambda (an invokedynamic, which shows no dependency on the functional interface itself)
            for (var m : t.getCodeUnits()) {
                boolean calledOutside = m.getAccessesToSelf().stream()
                        .anyMatch(a -> !a.getOriginOwner().getPackageName().equals(t.getPackageName()));
                if (calledOutside) for (JavaClass p : m.getRawParameterTypes()) usedOutside.add(p.getName());
            }
        }
        List<String> wrong = new ArrayList<>();
        for (JavaClass c : runtime) {
            if (exported.contains(c.getPackageName()) || !c.getModifiers().contains(JavaModifier.PUBLIC)) continue;
            if (c.getEnclosingClass().map(JavaClass::isInterface).orElse(false)) continue;
            if (holdsOnlyConstants(c)) continue;
            if (!usedOutside.contains(c.getName())) wrong.add(c.getName());
        }
        java.util.Collections.sort(wrong);
        assertTrue(wrong.isEmpty(), wrong.size() + " public classes of non-exported packages that no other package uses "
                + "(make them package-private):\n" + String.join("\n", wrong));
    }

    /**
     * Every public member is a static final field, and there is no public method or constructor: a class of
     * constants (MpiConst, LapiConst), whose numbers javac copies into the classes that use them.
     */
    private static boolean holdsOnlyConstants(JavaClass c) {
        boolean any = false;
        for (JavaField f : c.getFields()) {
            if (!f.getModifiers().contains(JavaModifier.PUBLIC)) continue;
            if (!f.getModifiers().contains(JavaModifier.STATIC) || !f.getModifiers().contains(JavaModifier.FINAL)) return false;
            any = true;
        }
        for (var m : c.getMethods()) if (m.getModifiers().contains(JavaModifier.PUBLIC)) return false;
        for (var m : c.getConstructors()) if (m.getModifiers().contains(JavaModifier.PUBLIC)) return false;
        return any;
    }

    @Test
    void onlyTheShellReadsTheInspectionPackage() {
        classes().that().resideInAPackage(ROOT + ".inspect..")
                .should().onlyHaveDependentClassesThat().resideInAPackage(ROOT + ".inspect..")
                .check(runtime);
    }

    @Test
    void noStaticFieldIsWritable() {
        fields().that().areDeclaredInClassesThat().resideInAPackage(ROOT + "..").and().areStatic()
                .should().beFinal()
                .check(runtime);
    }

    /** A static final field may hold a constant, a key or a shared immutable object; never something to change. */
    @Test
    void noStaticFinalFieldHoldsMutableState() throws Exception {
        List<String> wrong = new ArrayList<>();
        for (JavaClass jc : runtime) {
            for (JavaField jf : jc.getFields()) {
                if (!jf.getModifiers().contains(JavaModifier.STATIC) || jf.getModifiers().contains(JavaModifier.SYNTHETIC)) continue;
                if (jc.isEnum() && jf.getName().equals("$VALUES")) continue;
                Class<?> c = Class.forName(jc.getName(), true, getClass().getClassLoader());
                Field f = c.getDeclaredField(jf.getName());
                if (!Modifier.isFinal(f.getModifiers())) continue; // the rule above reports it
                f.setAccessible(true);
                String why = mutable(f.get(null));
                if (why != null) wrong.add(jc.getName() + "." + jf.getName() + ": " + why);
            }
        }
        assertTrue(wrong.isEmpty(), "static fields holding mutable state:\n" + String.join("\n", wrong));
    }

    private static String mutable(Object v) {
        if (v == null) return null;
        Class<?> k = v.getClass();
        if (k.isArray()) return java.lang.reflect.Array.getLength(v) > 0 ? "an array (its elements can be replaced)" : null;
        if (v instanceof Collection<?> || v instanceof Map<?, ?>) {
            String n = k.getName();
            boolean frozen = n.startsWith("java.util.ImmutableCollections$") || n.startsWith("java.util.Collections$Unmodifiable")
                    || n.startsWith("java.util.Collections$Empty") || n.startsWith("java.util.Collections$Singleton");
            return frozen ? null : "a modifiable " + k.getSimpleName();
        }
        if (k.getPackageName().equals("java.util.concurrent.atomic") || k.getPackageName().equals("java.util.concurrent.locks")) {
            return "a " + k.getSimpleName();
        }
        return null;
    }
}
