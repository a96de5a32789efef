// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.bench;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.BeanDescription;
import com.fasterxml.jackson.databind.DeserializationConfig;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.Module;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.deser.Deserializers;
import com.fasterxml.jackson.databind.deser.std.StdDeserializer;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.jsontype.TypeDeserializer;
import com.fasterxml.jackson.databind.type.CollectionType;
import com.fasterxml.jackson.datatype.jdk8.Jdk8Module;
import dev.patchverdict.digest.Digest;
import dev.patchverdict.record.JsonNumber;
import dev.patchverdict.record.Metric;
import dev.patchverdict.record.ResultManifest;
import dev.patchverdict.record.VerificationResult;
import dev.patchverdict.record.WireValue;
import dev.patchverdict.record.WorkUnit;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A Jackson databind binding of the three record documents, for measuring against the hand readers:
 * the record models' canonical constructors as creators (snake_case names), Optional fields through
 * the JDK 8 module, the wire enums, digests, numbers kept as written and the metrics object read by
 * small deserializers, and the strict settings a binding of these documents would need (unknown
 * properties, nulls for primitives, floats as ints and scalar coercion refused; duplicates detected).
 * Like the hand readers it reads trees the strict reader made and the schema accepted.
 */
final class RecordDatabind {
    private static final ObjectMapper MAPPER = JsonMapper.builder()
            .addModule(new Jdk8Module())
            .addModule(new RecordModule())
            .propertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            .enable(DeserializationFeature.FAIL_ON_NULL_CREATOR_PROPERTIES)
            .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
            .disable(MapperFeature.ALLOW_COERCION_OF_SCALARS)
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .addMixIn(WorkUnit.class, TopLevel.class)
            .addMixIn(ResultManifest.class, TopLevel.class)
            .addMixIn(VerificationResult.class, TopLevel.class)
            .build();

    private RecordDatabind() {}

    static ObjectReader readerFor(Class<?> model) {
        return MAPPER.readerFor(model);
    }

    static <T> T bind(ObjectReader reader, JsonNode document) {
        try {
            return reader.readValue(document);
        } catch (IOException e) {
            throw new IllegalStateException(e.getMessage(), e);
        }
    }

    /** The version marker is the reader's business, not a model field. */
    @JsonIgnoreProperties({"schema_version"})
    abstract static class TopLevel {}

    private static final class RecordModule extends Module {
        @Override
        public String getModuleName() {
            return "patchverdict-record-prototype";
        }

        @Override
        public com.fasterxml.jackson.core.Version version() {
            return com.fasterxml.jackson.core.Version.unknownVersion();
        }

        @Override
        public void setupModule(SetupContext context) {
            context.addDeserializers(new Deserializers.Base() {
                @Override
                public JsonDeserializer<?> findBeanDeserializer(com.fasterxml.jackson.databind.JavaType type,
                        DeserializationConfig config, BeanDescription description) {
                    if (type.getRawClass() == JsonNumber.class) {
                        return new NumberDeserializer();
                    }
                    if (type.getRawClass() == Digest.class) {
                        return new DigestDeserializer();
                    }
                    return null;
                }

                @Override
                @SuppressWarnings({"unchecked", "rawtypes"})
                public JsonDeserializer<?> findEnumDeserializer(Class<?> type, DeserializationConfig config,
                        BeanDescription description) {
                    return WireValue.class.isAssignableFrom(type) ? new WireDeserializer(type) : null;
                }

                @Override
                public JsonDeserializer<?> findCollectionDeserializer(CollectionType type, DeserializationConfig config,
                        BeanDescription description, TypeDeserializer elementTypes, JsonDeserializer<?> elements) {
                    return type.getContentType().getRawClass() == Metric.class ? new MetricsDeserializer() : null;
                }
            });
        }
    }

    /** Integers stay integers at any size, fractions stay doubles, as the hand reader keeps them. */
    private static final class NumberDeserializer extends StdDeserializer<JsonNumber> {
        NumberDeserializer() {
            super(JsonNumber.class);
        }

        @Override
        public JsonNumber deserialize(JsonParser p, DeserializationContext c) throws IOException {
            return switch (p.currentToken()) {
                case VALUE_NUMBER_INT -> new JsonNumber(p.getNumberValue());
                case VALUE_NUMBER_FLOAT -> new JsonNumber(p.getDoubleValue());
                default -> (JsonNumber) c.handleUnexpectedToken(JsonNumber.class, p);
            };
        }
    }

    private static final class DigestDeserializer extends StdDeserializer<Digest> {
        DigestDeserializer() {
            super(Digest.class);
        }

        @Override
        public Digest deserialize(JsonParser p, DeserializationContext c) throws IOException {
            if (p.currentToken() != JsonToken.VALUE_STRING) {
                return (Digest) c.handleUnexpectedToken(Digest.class, p);
            }
            return Digest.parse(p.getText());
        }
    }

    private static final class WireDeserializer<E extends Enum<E> & WireValue> extends StdDeserializer<E> {
        private final Class<E> type;

        WireDeserializer(Class<E> type) {
            super(type);
            this.type = type;
        }

        @Override
        @SuppressWarnings("unchecked")
        public E deserialize(JsonParser p, DeserializationContext c) throws IOException {
            if (p.currentToken() != JsonToken.VALUE_STRING) {
                return (E) c.handleUnexpectedToken(type, p);
            }
            return WireValue.parse(type, p.getText());
        }
    }

    /** A metrics object: each member a named number or null, in document order. */
    private static final class MetricsDeserializer extends StdDeserializer<List<Metric>> {
        private final NumberDeserializer numbers = new NumberDeserializer();

        MetricsDeserializer() {
            super(List.class);
        }

        @Override
        @SuppressWarnings("unchecked")
        public List<Metric> deserialize(JsonParser p, DeserializationContext c) throws IOException {
            if (p.currentToken() != JsonToken.START_OBJECT) {
                return (List<Metric>) c.handleUnexpectedToken(List.class, p);
            }
            List<Metric> out = new ArrayList<>();
            for (String name = p.nextFieldName(); name != null; name = p.nextFieldName()) {
                JsonToken t = p.nextToken();
                out.add(new Metric(name, t == JsonToken.VALUE_NULL ? Optional.empty()
                        : Optional.of(numbers.deserialize(p, c))));
            }
            return List.copyOf(out);
        }
    }
}
