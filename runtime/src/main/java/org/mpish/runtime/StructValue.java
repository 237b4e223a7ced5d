package org.mpish.runtime;

import java.util.Map;

/** A structure a call returns by value (an MPI_Status): its fields by name, in declaration order, for display. */
public interface StructValue {
    Map<String, Object> toMap();
}
